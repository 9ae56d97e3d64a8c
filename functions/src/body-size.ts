/**
 * The size of a request body the API accepts unless its route allows more (JSON: 64 KB),
 * and the words of the 413 answer. Free of any framework, so the app's session proxy
 * answers an oversized body with the API's own words before reading it.
 */
export const MAX_BODY_BYTES = 64 * 1024;

/** A byte count as members read it: '64 KB', '10 MB'. */
export function sizeInWords(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.floor(bytes / (1024 * 1024))} MB` : `${Math.floor(bytes / 1024)} KB`;
}

/** The message of the 413 answer to a body over `maxBytes`. */
export function bodyTooLargeMessage(maxBytes: number): string {
  return `The request body is too large: ${sizeInWords(maxBytes)} at most.`;
}
