/**
 * How each upstream proves a delivery is its own (docs/decisions/400-live-webhooks-inbox-and-queue.md):
 * Jira signs the raw body with HMAC-SHA256 (`X-Hub-Signature: sha256=<hex>`), Forecast puts a
 * secret token in the address, Pipedrive sends HTTP basic auth. Every comparison is in constant
 * time. Jira's HMAC is node:crypto's, which the Worker has too (nodejs_compat): the pure
 * JavaScript one took 0.45 ms of the receiver's main thread per 3.6 KB delivery, and Web Crypto's
 * hand-off to the thread pool 0.85 ms on a machine with every core busy (bench/results/README.md,
 * the live rows). The rest is pure JavaScript on short strings.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeBase64, decodeHex, encodeHexLowerCase } from '@oslojs/encoding';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** `sha256=<hex>` of the raw body under the secret, as Jira sends it in X-Hub-Signature. */
export function jiraSignature(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

const JIRA_SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

/** Whether `header` is Jira's signature of the body under `secret`. */
export function verifyJiraSignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
): boolean {
  const hex = JIRA_SIGNATURE.exec(header?.trim() ?? '')?.[1];
  if (!hex) return false;
  return timingSafeEqual(decodeHex(hex), createHmac('sha256', secret).update(rawBody).digest());
}

/** Two secrets compared in constant time (their hashes, so the length says nothing either). */
export function sameSecret(given: string, expected: string): boolean {
  return constantTimeEqual(sha256(utf8(given)), sha256(utf8(expected)));
}

/** Whether an `Authorization: Basic …` header carries exactly this user and password. */
export function verifyBasicAuth(
  header: string | undefined,
  user: string,
  password: string,
): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(decodeBase64(match[1]!));
  } catch {
    return false;
  }
  // Both halves are always compared, so a wrong user takes as long as a wrong password.
  const colon = decoded.indexOf(':');
  const givenUser = colon < 0 ? decoded : decoded.slice(0, colon);
  const givenPassword = colon < 0 ? '' : decoded.slice(colon + 1);
  const userOk = sameSecret(givenUser, user);
  const passwordOk = sameSecret(givenPassword, password);
  return userOk && passwordOk;
}

/** A delivery id for an upstream that sends none (Forecast): the body's hash, the same on a retry. */
export function bodyDigest(rawBody: string): string {
  return encodeHexLowerCase(sha256(utf8(rawBody)));
}
