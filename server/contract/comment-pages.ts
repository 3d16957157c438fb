/*
 * How many comments a page of the note viewer holds. A leaf module with no imports: the viewer is prefetched
 * on explore, which must not download zod for a number (server/contract/comments.ts builds the schemas).
 */
export const COMMENT_PAGE_SIZE = 5
