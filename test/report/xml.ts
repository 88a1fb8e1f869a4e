// A strict little XML reader for the JUnit tests: rejects what is not well-formed
// (stray `<` or `&`, unknown entities, illegal characters, unbalanced tags) and returns the element tree.

export interface XmlElement {
  readonly name: string;
  readonly attributes: Record<string, string>;
  readonly children: XmlElement[];
  text: string;
}

const ILLEGAL = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const TOKEN = /<\?xml[^?]*\?>|<(\/?)([A-Za-z][\w.-]*)((?:\s+[\w.-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|([^<]+)/gy;
const ATTRIBUTE = /([\w.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function decode(text: string): string {
  if (text.includes(']]>')) throw new Error('`]]>` in character data');
  return text.replace(/&([^;]*);|&/g, (whole, ref: string | undefined) => {
    if (ref === undefined) throw new Error('bare `&`');
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    const value = ENTITIES[ref];
    if (value === undefined) throw new Error(`unknown entity ${whole}`);
    return value;
  });
}

export function parseXml(xml: string): XmlElement {
  if (ILLEGAL.test(xml)) throw new Error('character not allowed in XML 1.0');
  const stack: XmlElement[] = [{ name: '#document', attributes: {}, children: [], text: '' }];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < xml.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(xml);
    if (!m) throw new Error(`not well-formed at ${at}: ${xml.slice(at, at + 40)}`);
    const [, closing, name, attrs, selfClosing, text] = m;
    const top = stack[stack.length - 1]!;
    if (text !== undefined) top.text += decode(text);
    else if (closing) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
    } else if (name) {
      const attributes: Record<string, string> = {};
      for (const a of (attrs ?? '').matchAll(ATTRIBUTE)) {
        if (a[1]! in attributes) throw new Error(`duplicate attribute ${a[1]}`);
        attributes[a[1]!] = decode(a[2] ?? a[3] ?? '');
      }
      const element: XmlElement = { name, attributes, children: [], text: '' };
      top.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  const [document] = stack;
  if (stack.length !== 1 || document?.children.length !== 1) throw new Error('unbalanced tags or not one root');
  if (document.text.trim() !== '') throw new Error('text outside the root element');
  return document.children[0]!;
}
