import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';

/**
 * The staff second factor: TOTP (RFC 6238: SHA-1, 6 digits, 30 s) through `otpauth`, its secret
 * kept encrypted at rest with AES-256-GCM under a key derived from STAFF_MFA_KEY (config.ts).
 */

const period = 30;

function keyOf(setting: string): Buffer {
  return createHash('sha256').update(`staff-mfa:${setting}`).digest();
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function encryptSecret(setting: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(setting), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function decryptSecret(setting: string, stored: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unknown MFA secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(setting), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = 'staff', issuer = 'Console'): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** The 30-second step a code of this instant belongs to. */
export function stepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / period);
}

/**
 * The step a code is valid for (this step or the one either side, for clocks a little apart), or
 * undefined when it is not a current code.
 */
export function matchingStep(secret: string, code: string, now: Date): number | undefined {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? undefined : stepAt(now) + delta;
}

/** The code for a secret at an instant (the CLI, the e2e helper and tests sign in with it). */
export function totpCode(secret: string, now = new Date()): string {
  return totpOf(secret).generate({ timestamp: now.getTime() });
}

export async function enrolmentOf(
  secret: string,
  account: { email: string; issuer: string },
): Promise<{ secret: string; otpauth_url: string; qr_svg: string }> {
  const url = totpOf(secret, account.email, account.issuer).toString();
  const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauth_url: url, qr_svg: svg };
}

/** Ten recovery codes, `xxxxx-xxxxx` in lower-case base32 letters and digits (50 bits each, no bias: 32 symbols). */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789'; // 32: no l, o, 0, 1
  return Array.from({ length: 10 }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5, 10)}`;
  });
}

/** A recovery code as typed (any case, spaces or dashes) in its one canonical form. */
export function canonicalRecoveryCode(code: string): string {
  const bare = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return `${bare.slice(0, 5)}-${bare.slice(5)}`;
}
