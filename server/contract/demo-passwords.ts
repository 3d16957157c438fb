/**
 * The demo accounts' passwords published in docs/demo-data.md and the README (a contract with every reader of
 * those docs). Classroom mode refuses every one of them (server/classroom/rules.ts, config.ts).
 */
export const DEMO_ADMIN_USERNAME = 'admin'
export const DEMO_MEMBER_PASSWORD = 'demo123456'
export const DEMO_ADMIN_PASSWORD = 'admin123456'
/** Every other generated member shares this one. */
export const GENERATED_PASSWORD = 'password123'

export const PUBLISHED_DEMO_PASSWORDS: readonly string[] = [DEMO_MEMBER_PASSWORD, DEMO_ADMIN_PASSWORD, GENERATED_PASSWORD]
