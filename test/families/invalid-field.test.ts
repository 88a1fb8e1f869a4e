// Values the specification leaves open may be refused or recognised; recognised, they must be stored
// as it says. The recognitions the families share, at the edges of what a correct server writes.

import { describe, expect, it } from 'vitest';
import { asAbsoluteUrl, asListed, asTextValues } from '../../lib/families/invalid-field.js';

describe('asListed', () => {
  it('holds for the listed value only, never the spelling sent', () => {
    const recognised = asListed('MODEL_TYPE_VOICE');
    expect(recognised.holds('MODEL_TYPE_VOICE')).toBe(true);
    expect(recognised.holds('voice')).toBe(false);
    expect(recognised.holds('model_type_voice')).toBe(false);
    expect(recognised.expected).toBe('the listed MODEL_TYPE_VOICE');
  });
});

describe('asTextValues', () => {
  const sent = { tone: 42, ratio: 0.5, loud: true, name: 'calm' };

  it('holds for the same keys with each value written as a string a server would write', () => {
    const { holds } = asTextValues(sent);
    expect(holds({ tone: '42', ratio: '0.5', loud: 'true', name: 'calm' })).toBe(true);
    // A float-typed server, an exponent, Python's booleans: the same values.
    expect(holds({ name: 'calm', loud: 'True', ratio: '5e-1', tone: '42.0' })).toBe(true);
  });

  it('fails a value left unconverted, another value, or keys added or missing', () => {
    const { holds } = asTextValues(sent);
    const stored = { tone: '42', ratio: '0.5', loud: 'true', name: 'calm' };
    expect(holds({ ...stored, tone: 42 })).toBe(false);
    expect(holds({ ...stored, loud: true })).toBe(false);
    expect(holds({ ...stored, tone: '43' })).toBe(false);
    expect(holds({ ...stored, tone: '42abc' })).toBe(false);
    expect(holds({ ...stored, tone: ' 42' })).toBe(false);
    expect(holds({ ...stored, loud: 'yes' })).toBe(false);
    expect(holds({ ...stored, name: 'Calm' })).toBe(false);
    expect(holds({ ...stored, extra: 'x' })).toBe(false);
    const { name: _name, ...fewer } = stored;
    expect(holds(fewer)).toBe(false);
    expect(holds(null)).toBe(false);
    expect(holds([stored])).toBe(false);
  });

  it('says what it expects, each value as a string', () => {
    expect(asTextValues({ tone: 42, name: 'calm', loud: false }).expected).toBe(
      '{"tone": "42", "name": "calm", "loud": "false"} (each value a string)',
    );
  });
});

describe('asAbsoluteUrl', () => {
  it('holds for an absolute URL of a scheme given, never for a reference, another scheme or no text', () => {
    const http = asAbsoluteUrl(['http', 'https']);
    for (const url of ['https://example.com/v1/messages', 'http://example.com/v1/messages'])
      expect(http.holds(url), url).toBe(true);
    for (const stored of [
      '/v1/messages',
      '//example.com/v1/messages',
      'example.com/v1/messages',
      'wss://example.com/x',
      'https:/x',
      7,
      null,
    ])
      expect(http.holds(stored), String(stored)).toBe(false);
    expect(asAbsoluteUrl(['wss']).holds('wss://example.com/agent')).toBe(true);
  });
});
