// The API key must never appear in output, reports or messages, even when a server echoes it.

const secrets = new Set<string>();

export function registerSecret(secret: string | undefined): void {
  if (secret && secret.length >= 4) secrets.add(secret);
}

export function redact(text: string): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join('[redacted]');
  return out;
}

export const API_KEY_PLACEHOLDER = '$API_KEY';
