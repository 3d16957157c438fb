/** A classroom demo's environment for tests (what `npm run demo -- --classroom` generates, fixed here). */
export const CLASS_CODE = 'K7M3PX'
export const TEACHER_KEY = 'teacher-key-of-the-classroom-test'
export const CLASS_ADMIN_PASSWORD = 'fresh-Admin-pw-43'
export const CLASSROOM_ENV = {
  SHILIU_DEMO: '1',
  SHILIU_CLASSROOM: '1',
  SHILIU_CLASSROOM_CODE: CLASS_CODE,
  SHILIU_CLASSROOM_KEY: TEACHER_KEY,
  SHILIU_DEMO_ADMIN_PASSWORD: CLASS_ADMIN_PASSWORD,
}
