/**
 * What a new password must be, in words the forms show before anyone submits
 * (docs/decisions/282-password-strength.md); the server's check is `NewPasswordSchema`.
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

export const NEW_PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters, not only spaces; common or easily guessed passwords and your email are refused.`;
