import { randomBytes } from "node:crypto";
import { secretBox, type SecretBox } from "@/lib/server/webhooks/secret-box";

/** The purpose the endpoints' secrets are sealed under: a key of their own. */
export const OUTGOING_SECRETS = "alert webhook signing secrets v1";

/** A signing secret in Standard Webhooks form: `whsec_` and the base64 of 24 random bytes. */
export const newSigningSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

/** Sealed at rest under the session secret, bound to the account: the database alone reveals none. */
export const outgoingBox = (sessionSecret: string): SecretBox => secretBox(sessionSecret, OUTGOING_SECRETS);
