/**
 * localStorage keys of the member app's session (spec §3). Shared: the back-office reads the member's tokens
 * (read-only) for the hover card's follow button, so the keys live below both apps.
 */
export const TOKEN_KEY = 'token'
export const REFRESH_KEY = 'refreshToken'
export const USER_INFO_KEY = 'userInfo'
