/**
 * The inbox's limits, free of zod so the app's browser code can import them (the schemas
 * re-export them).
 */
export const MESSAGE_BODY_MAX_LENGTH = 5000;
/** Files one message may carry, and the most one file may weigh. */
export const MESSAGE_MAX_ATTACHMENTS = 5;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Thread list page size (docs/product.md#limits: message threads 20) and the most one page may ask. */
export const THREAD_PAGE_SIZE = 20;
export const THREAD_PAGE_MAX = 50;
/** Messages of one thread per reading, newest first from `before`. */
export const MESSAGE_PAGE_SIZE = 30;
export const MESSAGE_PAGE_MAX = 100;
