/**
 * The security requirements routes declare, so every operation of the document says who
 * may call it (the `bearerAuth` scheme is registered in document.ts).
 */

/** A security requirement of OpenAPI: scheme name → scopes (none for bearer). */
type SecurityRequirement = Record<string, string[]>;

/** Anyone may call: no token is read. */
export const PUBLIC_SECURITY: [] = [];

/** A signed-in member: `Authorization: Bearer <jwt>`. */
export const MEMBER_SECURITY: SecurityRequirement[] = [{ bearerAuth: [] }];

/** Anyone may call; a member's token, when sent, personalises the answer (the viewer's own reactions, blocks). */
export const OPTIONAL_MEMBER_SECURITY: SecurityRequirement[] = [{ bearerAuth: [] }, {}];
