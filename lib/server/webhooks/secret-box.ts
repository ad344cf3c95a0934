import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the session secret, so
 * the database file alone reveals no secret. Each purpose derives its own key (the receiver's
 * signing secrets; the mirror's read-only API keys), and the row's id is bound in as
 * associated data: a ciphertext copied onto another row does not decrypt.
 *
 * Stored layout: 12-byte IV ‖ 16-byte tag ‖ ciphertext.
 */
const IV_BYTES = 12;
const TAG_BYTES = 16;
// Distinct salt and info: this key can never coincide with one derived for another purpose.
const SALT = "rate-desk/dashboard-store";
export const RECEIVER_SECRETS = "webhook receiver secrets v1";
export const MIRROR_READ_ONLY_KEYS = "mirror read-only api keys v1";

export class SecretUnreadableError extends Error {
  constructor() {
    super(
      "A stored receiver secret cannot be decrypted: SESSION_SECRET changed since it was stored. Connect the dashboard again.",
    );
    this.name = "SecretUnreadableError";
  }
}

export interface SecretBox {
  seal(plaintext: string, sinkId: string): Buffer;
  open(sealed: Buffer, sinkId: string): string;
}

export function secretBox(sessionSecret: string, purpose: string = RECEIVER_SECRETS): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", Buffer.from(sessionSecret, "utf8"), SALT, purpose, 32));
  return {
    seal(plaintext, sinkId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(sinkId, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
    },
    open(sealed, sinkId) {
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, sealed.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(sinkId, "utf8"));
        decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([
          decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString("utf8");
      } catch {
        throw new SecretUnreadableError();
      }
    },
  };
}
