import { afterAll, beforeAll, expect, it } from 'vitest'
import { captcha, insertMember, type Member } from '../../support/members'
import { insertNotification } from '../../support/rows'
import { startTestServer, type TestServer } from '../../support/server'
import { BAD_IDS, BAD_USER_IDS, MISSING, type Case, x, req, raw, anon, MALFORMED, PROTO_REFUSED, badInputFamilies } from './support/bad-input'
import { createCategory, createNote, uploadImage } from './support/notes'

/*
 * Bad input, per endpoint family (issue 3, Safety): wrong types, missing fields, overlong strings, page sizes
 * far over the limit, ids that are 0, negative, huge, '1e3' or no number, malformed JSON, `__proto__` /
 * `constructor` keys (uploads: bad-input-uploads.test.ts). Every case must
 * get the expected 4xx with the spec's envelope and message, never a 5xx, and each family must leave every
 * table's row count as it was. Captchas are left out of that comparison: fetching one writes a row, and a
 * register attempt consumes its captcha whatever the outcome (docs/decisions.md); rate_limits likewise count
 * attempts by design.
 */

let server: TestServer
let a: Member
let b: Member
let categoryId: number
let imageUrl: string
let noteId: number
let commentId: number
let bDraftId: number
let bNotificationId: number

const family = badInputFamilies({ server: () => server, token: () => a.token })

beforeAll(async () => {
  server = await startTestServer()
  ;[a, b] = [await insertMember(server), await insertMember(server)]
  categoryId = await createCategory(server, '校园', 'campus')
  imageUrl = (await uploadImage(server, a.token)).url
  noteId = await createNote(server, a.token, { images: [imageUrl], category_id: categoryId })
  commentId = (await server.call<{ id: number }>('POST', '/api/comments', { token: a.token, json: { post_id: noteId, content: '评论' } })).body.data.id
  bDraftId = await createNote(server, b.token, { title: '草稿', is_draft: true })
  bNotificationId = await insertNotification(server.deps.db, { userId: b.id, senderId: a.id, type: 6 })
})
afterAll(() => server?.close())

const note = () => ({ title: '标题', content: '内容', images: [imageUrl], category_id: categoryId })
const register = (extra: Record<string, unknown>) => anon('POST', '/api/auth/register', { user_id: 'newcomer1', nickname: '新人', password: 'secret123', captchaId: 'x', captchaText: 'abcd', ...extra })
const registerWithCaptcha = async (extra: Record<string, unknown>) => register({ ...(await captcha(server)), ...extra })

family('auth', () => [
  ['register: empty body', 400, '请输入石榴号', () => anon('POST', '/api/auth/register', {})],
  ['register: user_id a number', 400, '请输入石榴号', () => register({ user_id: 12345 })],
  ['register: user_id too short', 400, '石榴号长度需在3-15个字符之间', () => register({ user_id: 'ab' })],
  ['register: user_id 16 characters', 400, '石榴号长度需在3-15个字符之间', () => register({ user_id: x(16, 'a') })],
  ['register: user_id with a path', 400, '石榴号只能包含字母、数字和下划线', () => register({ user_id: '../../etc' })],
  ['register: nickname a list', 400, '请输入昵称', () => register({ nickname: ['a'] })],
  ['register: nickname 11 characters', 400, '昵称不能超过10个字符', () => register({ nickname: x(11, '名') })],
  ['register: password a number', 400, '请输入密码', () => register({ password: 123456 })],
  ['register: password 5 characters', 400, '密码至少需要6位', () => register({ password: '12345' })],
  ['register: password 21 characters', 400, '密码不能超过20位', () => register({ password: x(21) })],
  ['register: no captcha', 400, '请输入验证码', () => register({ captchaId: undefined, captchaText: undefined })],
  ['register: captcha answer of 5 characters', 400, '验证码错误，请重新输入', () => register({ captchaText: 'abcde' })],
  ['register: unknown captcha', 400, '验证码已过期，请重新获取', () => register({ captchaId: 'no-such-captcha' })],
  ['register: wrong captcha answer', 400, '验证码错误，请重新输入', () => registerWithCaptcha({ captchaText: '####' })],
  ['register: a taken id', 400, '该石榴号已存在', () => registerWithCaptcha({ user_id: a.user_id })],
  ['register: a reserved id', 400, '该石榴号已存在', () => registerWithCaptcha({ user_id: 'admin' })],
  ['register: avatar a number', 400, '头像地址无效', () => register({ avatar: 42 })],
  ['register: avatar an object', 400, '头像地址无效', () => register({ avatar: { url: '/uploads/a.webp' } })],
  ['register: bio of 5001 characters', 400, '个人简介不能超过200个字符', () => register({ bio: x(5001) })],
  ['register: bio of 201 visible characters', 400, '个人简介不能超过200个字符', () => registerWithCaptcha({ bio: `<b>${x(201)}</b>` })],
  ['register: location of 51 characters', 400, '所在地不能超过50个字符', () => register({ location: x(51) })],
  ['register: malformed JSON', 400, '请求体不是有效的 JSON', () => raw('POST', '/api/auth/register', MALFORMED, null)],
  ['register: a JSON array', 400, null, () => raw('POST', '/api/auth/register', '[1, 2]', null)],
  ['register: a JSON string', 400, null, () => raw('POST', '/api/auth/register', '"text"', null)],
  ['register: 2 MB of JSON', 413, null, () => register({ bio: x(2 * 1024 * 1024) })],
  [
    'register: fields smuggled in __proto__',
    400,
    PROTO_REFUSED,
    async () => raw('POST', '/api/auth/register', `{"__proto__": ${JSON.stringify({ user_id: 'smuggled1', nickname: '走私', password: 'secret123', ...(await captcha(server)) })}}`, null),
  ],
  ['register: constructor.prototype keys', 400, '请输入石榴号', () => raw('POST', '/api/auth/register', '{"constructor": {"prototype": {"polluted": true, "user_id": "polluted1"}}}', null)],
  ['login: empty body', 400, '请输入密码', () => anon('POST', '/api/auth/login', {})],
  ['login: user_id an object', 400, '请输入石榴号', () => anon('POST', '/api/auth/login', { user_id: { $ne: null }, password: 'secret123' })],
  ['login: password a number', 400, '请输入密码', () => anon('POST', '/api/auth/login', { user_id: 'someone', password: 123456 })],
  ['login: wrong password', 400, '石榴号或密码错误', () => anon('POST', '/api/auth/login', { user_id: a.user_id, password: 'wrong-pass' })],
  ['login: unknown id of 1000 characters', 400, '石榴号或密码错误', () => anon('POST', '/api/auth/login', { user_id: x(1000), password: 'secret123' })],
  ['login: password of 201 characters', 400, '石榴号或密码错误', () => anon('POST', '/api/auth/login', { user_id: a.user_id, password: x(201) })],
  ['login: malformed JSON', 400, '请求体不是有效的 JSON', () => raw('POST', '/api/auth/login', MALFORMED, null)],
  ['login: credentials smuggled in __proto__', 400, PROTO_REFUSED, () => raw('POST', '/api/auth/login', `{"__proto__": {"user_id": "${a.user_id}", "password": "secret123"}}`, null)],
  ['refresh: empty body', 400, '缺少刷新令牌', () => anon('POST', '/api/auth/refresh', {})],
  ['refresh: token a number', 400, '缺少刷新令牌', () => anon('POST', '/api/auth/refresh', { refresh_token: 12345 })],
  ['refresh: garbage token', 401, '登录已过期，请重新登录', () => anon('POST', '/api/auth/refresh', { refresh_token: 'garbage.token' })],
  ['refresh: token of 201 characters', 400, '登录已过期，请重新登录', () => anon('POST', '/api/auth/refresh', { refresh_token: x(201) })],
  ['logout: garbage refresh token, no access token', 401, null, () => anon('POST', '/api/auth/logout', { refresh_token: '1.garbage' })],
  ['logout: refresh token of 201 characters', 400, null, () => anon('POST', '/api/auth/logout', { refresh_token: x(201) })],
  ['check-user-id: missing', 400, '请输入石榴号', () => anon('GET', '/api/auth/check-user-id')],
  ['check-user-id: 16 characters', 400, '石榴号长度需在3-15个字符之间', () => anon('GET', `/api/auth/check-user-id?user_id=${x(16, 'a')}`)],
  ['me: a forged token', 401, null, () => req('GET', '/api/auth/me', undefined, `${a.token}x`)],
])

family('users and profile', () => [
  ['profile: blank nickname', 400, '昵称不能为空', () => req('PUT', `/api/users/${a.user_id}`, { nickname: '   ' })],
  ['profile: nickname a number', 400, '昵称不能为空', () => req('PUT', `/api/users/${a.user_id}`, { nickname: 123 })],
  ['profile: nickname of 11 characters', 400, '昵称不能超过10个字符', () => req('PUT', `/api/users/${a.user_id}`, { nickname: x(11, '名') })],
  ['profile: bio of 201 visible characters', 400, '个人简介不能超过200个字符', () => req('PUT', `/api/users/${a.user_id}`, { bio: `<p>${x(201)}</p>` })],
  ['profile: bio of 5001 characters', 400, '个人简介不能超过200个字符', () => req('PUT', `/api/users/${a.user_id}`, { bio: x(5001) })],
  ['profile: bio an object', 400, '个人简介不能超过200个字符', () => req('PUT', `/api/users/${a.user_id}`, { bio: { text: 'x' } })],
  ['profile: gender not in the list', 400, '性别只能是男或女', () => req('PUT', `/api/users/${a.user_id}`, { gender: '其他' })],
  ['profile: zodiac sign not in the list', 400, '请选择正确的星座', () => req('PUT', `/api/users/${a.user_id}`, { zodiac_sign: '蛇夫座' })],
  ['profile: education not in the list', 400, '请选择正确的学历', () => req('PUT', `/api/users/${a.user_id}`, { education: 'PhD' })],
  ['profile: MBTI not a type', 400, 'MBTI类型不正确', () => req('PUT', `/api/users/${a.user_id}`, { mbti: 'ABCD' })],
  ['profile: MBTI a number', 400, 'MBTI类型不正确', () => req('PUT', `/api/users/${a.user_id}`, { mbti: 1234 })],
  ['profile: major of 12 characters', 400, '专业不能超过11个字符', () => req('PUT', `/api/users/${a.user_id}`, { major: x(12, '学') })],
  ['profile: six interests', 400, '兴趣爱好最多5个', () => req('PUT', `/api/users/${a.user_id}`, { interests: ['a', 'b', 'c', 'd', 'e', 'f'] })],
  ['profile: duplicate interests', 400, '兴趣爱好不能重复', () => req('PUT', `/api/users/${a.user_id}`, { interests: '读书,读书' })],
  ['profile: interest of 9 characters', 400, '每个兴趣爱好最长8个字', () => req('PUT', `/api/users/${a.user_id}`, { interests: [x(9, '爱')] })],
  ['profile: interests an object', 400, '兴趣爱好格式不正确', () => req('PUT', `/api/users/${a.user_id}`, { interests: { a: 1 } })],
  ['profile: interests broken JSON', 400, '兴趣爱好格式不正确', () => req('PUT', `/api/users/${a.user_id}`, { interests: '["读书", ' })],
  ['profile: avatar a number', 400, '头像地址无效', () => req('PUT', `/api/users/${a.user_id}`, { avatar: 42 })],
  ['profile: avatar a list', 400, '头像地址无效', () => req('PUT', `/api/users/${a.user_id}`, { avatar: ['/uploads/a.webp'] })],
  ['profile: location of 51 characters', 400, '所在地不能超过50个字符', () => req('PUT', `/api/users/${a.user_id}`, { location: x(51) })],
  ['profile: a JSON array', 400, null, () => raw('PUT', `/api/users/${a.user_id}`, '[{"nickname": "x"}]')],
  ['profile: malformed JSON', 400, '请求体不是有效的 JSON', () => raw('PUT', `/api/users/${a.user_id}`, MALFORMED)],
  ['profile: constructor.prototype keys with a blank nickname', 400, '昵称不能为空', () => raw('PUT', `/api/users/${a.user_id}`, '{"constructor": {"prototype": {"polluted": true}}, "nickname": ""}')],
  ...BAD_USER_IDS.map((id): Case => [`profile of user ${id}`, 404, '用户不存在', () => req('PUT', `/api/users/${id}`, { nickname: '名字' })]),
  ...BAD_USER_IDS.map((id): Case => [`GET user ${id}`, 404, '用户不存在', () => req('GET', `/api/users/${id}`)]),
  // With the password the deletion asks for, so that the id is the only thing wrong.
  ...BAD_USER_IDS.map((id): Case => [`DELETE user ${id}`, 404, '用户不存在', () => req('DELETE', `/api/users/${id}`, { password: 'secret123' })]),
  ['password: empty body', 400, '请输入当前密码', () => req('PUT', `/api/users/${a.user_id}/password`, {})],
  ['password: wrong current password', 400, '当前密码错误，请检查后重新输入', () => req('PUT', `/api/users/${a.user_id}/password`, { currentPassword: 'wrong-pass', newPassword: 'changed456' })],
  ['password: same as the current one', 400, '新密码不能与当前密码相同', () => req('PUT', `/api/users/${a.user_id}/password`, { currentPassword: 'secret123', newPassword: 'secret123' })],
  ['password: new one of 5 characters', 400, '新密码至少需要6位', () => req('PUT', `/api/users/${a.user_id}/password`, { currentPassword: 'secret123', newPassword: '12345' })],
  ['password: new one of 21 characters', 400, '新密码不能超过20位', () => req('PUT', `/api/users/${a.user_id}/password`, { currentPassword: 'secret123', newPassword: x(21) })],
  ['password: new one a number', 400, '请输入新密码', () => req('PUT', `/api/users/${a.user_id}/password`, { currentPassword: 'secret123', newPassword: 12345678 })],
  ['password: current one of 201 characters', 400, '当前密码错误，请检查后重新输入', () => req('PUT', `/api/users/${a.user_id}/password`, { currentPassword: x(201), newPassword: 'changed456' })],
  ['password: fields smuggled in __proto__', 400, PROTO_REFUSED, () => raw('PUT', `/api/users/${a.user_id}/password`, '{"__proto__": {"currentPassword": "secret123", "newPassword": "changed456"}}')],
  ['posts of a user: limit=1000000', 400, 'limit 不能超过100', () => req('GET', `/api/users/${a.user_id}/posts?limit=1000000`)],
  ['posts of a user: limit=1e3', 400, 'limit 必须是正整数', () => req('GET', `/api/users/${a.user_id}/posts?limit=1e3`)],
  ['posts of a user: limit=abc', 400, 'limit 必须是正整数', () => req('GET', `/api/users/${a.user_id}/posts?limit=abc`)],
  ['posts of a user: page=0', 400, 'page 必须是正整数', () => req('GET', `/api/users/${a.user_id}/posts?page=0`)],
  ['posts of a user: page=-1', 400, 'page 必须是正整数', () => req('GET', `/api/users/${a.user_id}/posts?page=-1`)],
  ['posts of a user: page=99999999999', 400, 'page 过大', () => req('GET', `/api/users/${a.user_id}/posts?page=99999999999`)],
  ['posts of a user: unknown sort', 400, '不支持的排序方式', () => req('GET', `/api/users/${a.user_id}/posts?sort=evil`)],
  ['collections of a user: limit=1000000', 400, 'limit 不能超过100', () => req('GET', `/api/users/${a.user_id}/collections?limit=1000000`)],
  ['likes of a user: limit=1000000', 400, 'limit 不能超过100', () => req('GET', `/api/users/${a.user_id}/likes?limit=1000000`)],
  ['user search: no keyword', 400, '请输入搜索关键词', () => anon('GET', '/api/users/search')],
  ['user search: keyword of 51 characters', 400, '搜索关键词不能超过50个字符', () => anon('GET', `/api/users/search?keyword=${x(51)}`)],
  ['user search: limit=1000000', 400, 'limit 不能超过100', () => anon('GET', '/api/users/search?keyword=a&limit=1000000')],
])

family('follows', () => [
  ['follow yourself', 400, '不能关注自己', () => req('POST', `/api/users/${a.user_id}/follow`)],
  ['follow with a malformed JSON body', 400, '请求体不是有效的 JSON', () => raw('POST', `/api/users/${b.user_id}/follow`, MALFORMED)],
  ...BAD_USER_IDS.map((id): Case => [`follow user ${id}`, 404, '用户不存在', () => req('POST', `/api/users/${id}/follow`)]),
  ...BAD_USER_IDS.map((id): Case => [`unfollow user ${id}`, 404, '用户不存在', () => req('DELETE', `/api/users/${id}/follow`)]),
  ...BAD_USER_IDS.map((id): Case => [`follow-status of user ${id}`, 404, '用户不存在', () => req('GET', `/api/users/${id}/follow-status`)]),
  ...BAD_USER_IDS.map((id): Case => [`followers of user ${id}`, 404, '用户不存在', () => req('GET', `/api/users/${id}/followers`)]),
  ['followers: limit=1000000', 400, 'limit 不能超过100', () => req('GET', `/api/users/${a.user_id}/followers?limit=1000000`)],
  ['following: page=0', 400, 'page 必须是正整数', () => req('GET', `/api/users/${a.user_id}/following?page=0`)],
  ['following: limit=1e3', 400, 'limit 必须是正整数', () => req('GET', `/api/users/${a.user_id}/following?limit=1e3`)],
  ['mutual follows: limit=abc', 400, 'limit 必须是正整数', () => req('GET', `/api/users/${a.user_id}/mutual-follows?limit=abc`)],
  ['mutual follows: limit=-1', 400, 'limit 必须是正整数', () => req('GET', `/api/users/${a.user_id}/mutual-follows?limit=-1`)],
])

family('blocks', () => [
  ['block yourself', 400, '不能拉黑自己', () => req('POST', `/api/users/${a.user_id}/block`)],
  ['unblock yourself', 400, '不能拉黑自己', () => req('DELETE', `/api/users/${a.user_id}/block`)],
  ['block with a malformed JSON body', 400, '请求体不是有效的 JSON', () => raw('POST', `/api/users/${b.user_id}/block`, MALFORMED)],
  ...BAD_USER_IDS.map((id): Case => [`block user ${id}`, 404, '用户不存在', () => req('POST', `/api/users/${id}/block`)]),
  ...BAD_USER_IDS.map((id): Case => [`unblock user ${id}`, 404, '用户不存在', () => req('DELETE', `/api/users/${id}/block`)]),
  ['blacklist: limit=1000000', 400, 'limit 不能超过100', () => req('GET', '/api/users/blocks?limit=1000000')],
  ['blacklist: page=0', 400, 'page 必须是正整数', () => req('GET', '/api/users/blocks?page=0')],
  ['blacklist: limit=abc', 400, 'limit 必须是正整数', () => req('GET', '/api/users/blocks?limit=abc')],
])

const PERSONAL = { type: 2, realName: '张三', idCard: '110101199001011234', occupation: '学生', reason: '校园博主' }
const OFFICIAL = { type: 1, organizationName: '石榴大学', creditCode: '12100000400000000X', contactName: '李四', contactPhone: '13800000000', reason: '官方账号' }
const apply = (json: unknown) => req('POST', '/api/users/verification', json)

family('verification', () => [
  ['empty body', 400, '请选择认证类型', () => apply({})],
  ['type 3', 400, '请选择认证类型', () => apply({ ...PERSONAL, type: 3 })],
  ['type "abc"', 400, '请选择认证类型', () => apply({ ...PERSONAL, type: 'abc' })],
  ['type "1e3"', 400, '请选择认证类型', () => apply({ ...PERSONAL, type: '1e3' })],
  ['type null', 400, '请选择认证类型', () => apply({ ...PERSONAL, type: null })],
  ['type only', 400, '请填写认证信息', () => apply({ type: 2 })],
  ['personal form without the id card', 400, '请输入身份证号', () => apply({ ...PERSONAL, idCard: undefined })],
  ['official form without the credit code', 400, '请输入统一社会信用代码', () => apply({ ...OFFICIAL, creditCode: '' })],
  ['reason of 201 characters', 400, '申请理由不能超过200个字符', () => apply({ ...PERSONAL, reason: x(201) })],
  ['real name of 51 characters', 400, '真实姓名不能超过50个字符', () => apply({ ...PERSONAL, realName: x(51) })],
  ['real name of 1001 characters', 400, '填写内容不能超过50个字符', () => apply({ ...PERSONAL, realName: x(1001) })],
  ['real name a number', 400, '请填写认证信息', () => apply({ ...PERSONAL, realName: 42 })],
  ['content that sanitises to nothing', 400, '请填写认证信息', () => apply({ type: 2, content: '<script>alert(1)</script>' })],
  ['content of 10001 characters', 400, '请填写认证信息', () => apply({ type: 2, content: x(10_001) })],
  ['malformed JSON', 400, '请求体不是有效的 JSON', () => raw('POST', '/api/users/verification', MALFORMED)],
  ['form smuggled in __proto__', 400, PROTO_REFUSED, () => raw('POST', '/api/users/verification', `{"__proto__": ${JSON.stringify(PERSONAL)}}`)],
  ['withdraw when there is nothing to withdraw', 404, '没有可撤回的认证申请', () => req('DELETE', '/api/users/verification/revoke')],
])

family('posts', () => [
  ['create: empty body', 400, '请输入标题', () => req('POST', '/api/posts', {})],
  ['create: title a number', 400, '标题必须是文本', () => req('POST', '/api/posts', { ...note(), title: 123 })],
  ['create: title of 101 characters', 400, '标题不能超过100个字符', () => req('POST', '/api/posts', { ...note(), title: x(101) })],
  ['create: content a list', 400, '内容必须是文本', () => req('POST', '/api/posts', { ...note(), content: ['x'] })],
  ['create: content of 2001 characters', 400, '内容不能超过2000个字符', () => req('POST', '/api/posts', { ...note(), content: x(2001) })],
  ['create: 20001 characters of markup', 400, '内容不能超过2000个字符', () => req('POST', '/api/posts', { ...note(), content: `${x(6667, '<b>')}a` })],
  ['create: images a string', 400, '图片列表无效', () => req('POST', '/api/posts', { ...note(), images: imageUrl })],
  ['create: ten images', 400, '最多只能上传9张图片', () => req('POST', '/api/posts', { ...note(), images: Array(10).fill(imageUrl) })],
  ['create: image on another host', 400, '图片地址无效，请重新上传', () => req('POST', '/api/posts', { ...note(), images: ['https://evil.example/a.png'] })],
  ['create: image path traversal', 400, '图片地址无效，请重新上传', () => req('POST', '/api/posts', { ...note(), images: ['/uploads/../../etc/passwd'] })],
  ['create: image never uploaded', 400, '图片不存在或已失效，请重新上传', () => req('POST', '/api/posts', { ...note(), images: ['/uploads/2020/01/nothing.webp'] })],
  ['create: video never uploaded', 400, '视频不存在或已失效，请重新上传', () => req('POST', '/api/posts', { ...note(), type: 2, images: [], video: { url: '/uploads/2020/01/nothing.mp4' } })],
  ['create: an image posing as the video', 400, '视频不存在或已失效，请重新上传', () => req('POST', '/api/posts', { ...note(), type: 2, images: [], video: { url: imageUrl } })],
  ['create: video a string', 400, null, () => req('POST', '/api/posts', { ...note(), type: 2, video: 'clip.mp4' })],
  ['create: type 2 without a video', 400, '请选择视频文件', () => req('POST', '/api/posts', { ...note(), type: 2 })],
  ['create: type 3', 400, '笔记类型必须是1或2', () => req('POST', '/api/posts', { ...note(), type: 3 })],
  ['create: tags a string', 400, '标签格式无效', () => req('POST', '/api/posts', { ...note(), tags: 'a,b' })],
  ['create: eleven tags', 400, '最多只能添加10个标签', () => req('POST', '/api/posts', { ...note(), tags: 'abcdefghijk'.split('') })],
  ['create: tag of 9 characters', 400, '标签最多8个字', () => req('POST', '/api/posts', { ...note(), tags: [x(9, '标')] })],
  ['create: tag with markup', 400, '标签包含无效字符', () => req('POST', '/api/posts', { ...note(), tags: ['<b>x'] })],
  ...[0, -1, 99999999999].map((id): Case => [`create: category_id ${id}`, 400, '无效的ID', () => req('POST', '/api/posts', { ...note(), category_id: id })]),
  ...['abc', '1e3', 1.5, { id: 1 }].map((id): Case => [`create: category_id ${JSON.stringify(id)}`, 400, '分类无效', () => req('POST', '/api/posts', { ...note(), category_id: id })]),
  ['create: category that does not exist', 400, '分类不存在', () => req('POST', '/api/posts', { ...note(), category_id: MISSING })],
  ['create: no category', 400, '请选择分类', () => req('POST', '/api/posts', { ...note(), category_id: null })],
  ['create: no image', 400, '请至少上传一张图片', () => req('POST', '/api/posts', { ...note(), images: [] })],
  ['create: is_draft "yes"', 400, 'is_draft 必须是布尔值', () => req('POST', '/api/posts', { ...note(), is_draft: 'yes' })],
  ['create: a draft without title or content', 400, '请输入标题或内容', () => req('POST', '/api/posts', { is_draft: true, title: ' ', content: '<p></p>' })],
  ['create: malformed JSON', 400, '请求体不是有效的 JSON', () => raw('POST', '/api/posts', MALFORMED)],
  ['create: note smuggled in __proto__', 400, PROTO_REFUSED, () => raw('POST', '/api/posts', `{"__proto__": ${JSON.stringify(note())}}`)],
  ['create: constructor.prototype keys', 400, '请输入标题', () => raw('POST', '/api/posts', '{"constructor": {"prototype": {"polluted": true, "title": "x"}}}')],
  ...BAD_IDS.map((id): Case => [`update note ${id}`, 400, '无效的ID', () => req('PUT', `/api/posts/${id}`, { title: '新标题' })]),
  ...BAD_IDS.map((id): Case => [`delete note ${id}`, 400, '无效的ID', () => req('DELETE', `/api/posts/${id}`)]),
  ...BAD_IDS.map((id): Case => [`GET note ${id}`, 400, '无效的ID', () => req('GET', `/api/posts/${id}`)]),
  ['update: a missing note', 404, '笔记不存在', () => req('PUT', `/api/posts/${MISSING}`, { title: '新标题' })],
  ['update: title of 101 characters', 400, '标题不能超过100个字符', () => req('PUT', `/api/posts/${noteId}`, { title: x(101) })],
  ['update: category removed from a published note', 400, '请选择分类', () => req('PUT', `/api/posts/${noteId}`, { category_id: null })],
  ['update: every image removed', 400, '请至少上传一张图片', () => req('PUT', `/api/posts/${noteId}`, { images: [] })],
  ['update: to a video note without a video', 400, '请选择视频文件', () => req('PUT', `/api/posts/${noteId}`, { type: 2 })],
  ['update: a JSON array', 400, null, () => raw('PUT', `/api/posts/${noteId}`, '[]')],
  ['update: malformed JSON', 400, '请求体不是有效的 JSON', () => raw('PUT', `/api/posts/${noteId}`, MALFORMED)],
  ['delete: a missing note', 404, '笔记不存在', () => req('DELETE', `/api/posts/${MISSING}`)],
  ['GET a missing note', 404, '笔记不存在', () => req('GET', `/api/posts/${MISSING}`)],
  ["GET another member's draft", 404, '笔记不存在', () => req('GET', `/api/posts/${bDraftId}`)],
  ['feed: limit=1000000', 400, 'limit 不能超过100', () => anon('GET', '/api/posts?limit=1000000')],
  ['feed: limit=1e3', 400, 'limit 必须是正整数', () => anon('GET', '/api/posts?limit=1e3')],
  ['feed: limit=0', 400, 'limit 必须是正整数', () => anon('GET', '/api/posts?limit=0')],
  ['feed: page=abc', 400, 'page 必须是正整数', () => anon('GET', '/api/posts?page=abc')],
  ['feed: unknown sort', 400, '不支持的排序方式', () => anon('GET', '/api/posts?sort=evil')],
  ['feed: type 3', 400, '笔记类型必须是1或2', () => anon('GET', '/api/posts?type=3')],
  ['feed: is_draft=yes', 400, '参数必须是 true/false 或 1/0', () => anon('GET', '/api/posts?is_draft=yes')],
  ['feed: keyword of 101 characters', 400, '关键词不能超过100个字符', () => anon('GET', `/api/posts?keyword=${x(101)}`)],
  ['feed: user_id of 16 characters', 400, '用户ID无效', () => anon('GET', `/api/posts?user_id=${x(16)}`)],
  ['feed: drafts without a login', 401, null, () => anon('GET', '/api/posts?is_draft=1')],
])

const comment = (json: Record<string, unknown>) => req('POST', '/api/comments', { post_id: noteId, content: '评论', ...json })

family('comments', () => [
  ['create: empty body', 400, '笔记ID不能为空', () => req('POST', '/api/comments', {})],
  ...BAD_IDS.map((id): Case => [`create: post_id ${id}`, 400, '无效的ID', () => comment({ post_id: id })]),
  ['create: post_id a huge number', 400, '无效的ID', () => comment({ post_id: 99999999999 })],
  ['create: post_id negative', 400, '无效的ID', () => comment({ post_id: -5 })],
  ['create: a missing note', 404, '笔记不存在', () => comment({ post_id: MISSING })],
  ["create: on another member's draft", 404, '笔记不存在', () => comment({ post_id: bDraftId })],
  ['create: no content', 400, '请输入评论内容或上传图片', () => comment({ content: undefined })],
  ['create: blank content', 400, '请输入评论内容或上传图片', () => comment({ content: ' <p><br></p> ' })],
  ['create: only a script', 400, '请输入评论内容或上传图片', () => comment({ content: '<script>alert(1)</script>' })],
  ['create: content a number', 400, '请输入评论内容或上传图片', () => comment({ content: 42 })],
  ['create: content of 1001 characters', 400, '评论不能超过1000个字', () => comment({ content: x(1001) })],
  ['create: 10001 characters of markup', 400, '评论不能超过1000个字', () => comment({ content: x(2501, '<b>a') })],
  ...['abc', -1, '1e3', 99999999999].map((id): Case => [`create: parent_id ${id}`, 400, '无效的ID', () => comment({ parent_id: id })]),
  ['create: a missing parent', 404, '回复的评论不存在', () => comment({ parent_id: MISSING })],
  ['create: malformed JSON', 400, '请求体不是有效的 JSON', () => raw('POST', '/api/comments', MALFORMED)],
  ['create: comment smuggled in __proto__', 400, PROTO_REFUSED, () => raw('POST', '/api/comments', `{"__proto__": {"post_id": ${noteId}, "content": "走私"}}`)],
  ...BAD_IDS.map((id): Case => [`delete comment ${id}`, 400, '无效的ID', () => req('DELETE', `/api/comments/${id}`)]),
  ['delete: a missing comment', 404, '评论不存在', () => req('DELETE', `/api/comments/${MISSING}`)],
  ...BAD_IDS.map((id): Case => [`comments of note ${id}`, 400, '无效的ID', () => anon('GET', `/api/posts/${id}/comments`)]),
  ...BAD_IDS.map((id): Case => [`replies of comment ${id}`, 400, '无效的ID', () => anon('GET', `/api/comments/${id}/replies`)]),
  ['comments of a missing note', 404, '笔记不存在', () => anon('GET', `/api/posts/${MISSING}/comments`)],
  ['replies of a missing comment', 404, '评论不存在', () => anon('GET', `/api/comments/${MISSING}/replies`)],
  ['comments: limit=1000000', 400, 'limit 不能超过100', () => anon('GET', `/api/posts/${noteId}/comments?limit=1000000`)],
  ['comments: page=0', 400, 'page 必须是正整数', () => anon('GET', `/api/posts/${noteId}/comments?page=0`)],
  ['comments: unknown sort', 400, '排序只能是 desc 或 asc', () => anon('GET', `/api/posts/${noteId}/comments?sort=evil`)],
  ['replies: limit=1e3', 400, 'limit 必须是正整数', () => anon('GET', `/api/comments/${commentId}/replies?limit=1e3`)],
])

const likeNote = (json: Record<string, unknown>) => req('POST', '/api/likes', { target_type: 1, target_id: noteId, ...json })

family('likes', () => [
  ['like: empty body', 400, '目标类型必须是1（笔记）或2（评论）', () => req('POST', '/api/likes', {})],
  ['like: target_type 3', 400, '目标类型必须是1（笔记）或2（评论）', () => likeNote({ target_type: 3 })],
  ['like: target_type "note"', 400, '目标类型必须是1（笔记）或2（评论）', () => likeNote({ target_type: 'note' })],
  ['like: target_type "1e0"', 400, '目标类型必须是1（笔记）或2（评论）', () => likeNote({ target_type: '1e0' })],
  ['like: no target_id', 400, '目标ID不能为空', () => likeNote({ target_id: undefined })],
  ...BAD_IDS.map((id): Case => [`like: target_id ${id}`, 400, '无效的ID', () => likeNote({ target_id: id })]),
  ['like: target_id a huge number', 400, '无效的ID', () => likeNote({ target_id: 99999999999 })],
  ['like: target_id a list', 400, '无效的ID', () => likeNote({ target_id: [noteId] })],
  ['like: a missing note', 404, '笔记不存在', () => likeNote({ target_id: MISSING })],
  ['like: a missing comment', 404, '评论不存在', () => likeNote({ target_type: 2, target_id: MISSING })],
  ["like: another member's draft", 404, '笔记不存在', () => likeNote({ target_id: bDraftId })],
  ['like: malformed JSON', 400, '请求体不是有效的 JSON', () => raw('POST', '/api/likes', MALFORMED)],
  ['like: target smuggled in __proto__', 400, PROTO_REFUSED, () => raw('POST', '/api/likes', `{"__proto__": {"target_type": 1, "target_id": ${noteId}}}`)],
  ['unlike: empty body and query', 400, '目标类型必须是1（笔记）或2（评论）', () => req('DELETE', '/api/likes')],
  ['unlike: target_id=abc in the query', 400, '无效的ID', () => req('DELETE', '/api/likes?target_type=1&target_id=abc')],
  ['unlike: target_id=1e3 in the query', 400, '无效的ID', () => req('DELETE', '/api/likes?target_type=1&target_id=1e3')],
  ['unlike: target_type=9 in the query', 400, '目标类型必须是1（笔记）或2（评论）', () => req('DELETE', '/api/likes?target_type=9&target_id=1')],
  ['unlike: target_id 0', 400, '无效的ID', () => req('DELETE', '/api/likes', { target_type: 1, target_id: 0 })],
  ['unlike: a missing note', 404, '笔记不存在', () => req('DELETE', '/api/likes', { target_type: 1, target_id: MISSING })],
])

const reportAs = (extra: Record<string, unknown>) => req('POST', '/api/reports', { target_type: 'post', target_id: noteId, reason: '垃圾广告', ...extra }, b.token)

family('reports', () => [
  ['report: empty body', 400, '举报对象类型无效', () => req('POST', '/api/reports', {}, b.token)],
  ['report: target_type "tag"', 400, '举报对象类型无效', () => reportAs({ target_type: 'tag' })],
  ['report: target_id a list', 400, '举报对象无效', () => reportAs({ target_id: [noteId] })],
  ['report: target_id of 33 characters', 400, '举报对象无效', () => reportAs({ target_type: 'user', target_id: x(33) })],
  ...BAD_IDS.map((id): Case => [`report: note id ${id}`, 404, '笔记不存在', () => reportAs({ target_id: id })]),
  ['report: a missing comment', 404, '评论不存在', () => reportAs({ target_type: 'comment', target_id: MISSING })],
  ['report: a missing user', 404, '用户不存在', () => reportAs({ target_type: 'user', target_id: 'no_such_user' })],
  ["report: another member's draft", 404, '笔记不存在', () => req('POST', '/api/reports', { target_type: 'post', target_id: bDraftId, reason: '垃圾广告' }, a.token)],
  ['report: a reason off the list', 400, '请选择举报原因', () => reportAs({ reason: 'spam' })],
  ['report: 其他 without text', 400, '请填写举报说明', () => reportAs({ reason: '其他' })],
  ['report: text of 201 characters', 400, '举报说明不能超过200个字', () => reportAs({ reason: '其他', description: x(201) })],
  ['report: own note', 400, '不能举报自己或自己的内容', () => req('POST', '/api/reports', { target_type: 'post', target_id: noteId, reason: '垃圾广告' }, a.token)],
  ['report: malformed JSON', 400, '请求体不是有效的 JSON', () => raw('POST', '/api/reports', MALFORMED, b.token)],
  ['report: target smuggled in __proto__', 400, PROTO_REFUSED, () => raw('POST', '/api/reports', `{"__proto__": {"target_type": "post", "target_id": ${noteId}, "reason": "垃圾广告"}}`, b.token)],
  ['report status: no target', 400, null, () => req('GET', '/api/reports/status', undefined, b.token)],
  ['report status: target_type "x"', 400, '举报对象类型无效', () => req('GET', '/api/reports/status?target_type=x&target_id=1', undefined, b.token)],
])

family('collect', () => [
  ...BAD_IDS.map((id): Case => [`collect note ${id}`, 400, '无效的ID', () => req('POST', `/api/posts/${id}/collect`)]),
  ...BAD_IDS.map((id): Case => [`uncollect note ${id}`, 400, '无效的ID', () => req('DELETE', `/api/posts/${id}/collect`)]),
  ['collect: a missing note', 404, '笔记不存在', () => req('POST', `/api/posts/${MISSING}/collect`)],
  ['uncollect: a missing note', 404, '笔记不存在', () => req('DELETE', `/api/posts/${MISSING}/collect`)],
  ["collect: another member's draft", 404, '笔记不存在', () => req('POST', `/api/posts/${bDraftId}/collect`)],
  ['collect: malformed JSON body', 400, '请求体不是有效的 JSON', () => raw('POST', `/api/posts/${noteId}/collect`, MALFORMED)],
])

family('notifications', () => [
  ...BAD_IDS.map((id): Case => [`mark notification ${id} read`, 400, '无效的ID', () => req('PUT', `/api/notifications/${id}/read`)]),
  ...BAD_IDS.map((id): Case => [`delete notification ${id}`, 400, '无效的ID', () => req('DELETE', `/api/notifications/${id}`)]),
  ['mark a missing notification read', 404, '通知不存在', () => req('PUT', `/api/notifications/${MISSING}/read`)],
  ['delete a missing notification', 404, '通知不存在', () => req('DELETE', `/api/notifications/${MISSING}`)],
  ["mark another member's notification read", 404, '通知不存在', () => req('PUT', `/api/notifications/${bNotificationId}/read`)],
  ["delete another member's notification", 404, '通知不存在', () => req('DELETE', `/api/notifications/${bNotificationId}`)],
  ['read-all: malformed JSON body', 400, '请求体不是有效的 JSON', () => raw('PUT', '/api/notifications/read-all', MALFORMED)],
  ...['', '/comments', '/likes', '/collections', '/follows'].map((tab): Case => [`list${tab}: limit=1000000`, 400, 'limit 不能超过100', () => req('GET', `/api/notifications${tab}?limit=1000000`)]),
  ['list: limit=1e3', 400, 'limit 必须是正整数', () => req('GET', '/api/notifications/likes?limit=1e3')],
  ['list: limit=abc', 400, 'limit 必须是正整数', () => req('GET', '/api/notifications/follows?limit=abc')],
  ['list: page=0', 400, 'page 必须是正整数', () => req('GET', '/api/notifications/comments?page=0')],
  ['list: page=-1', 400, 'page 必须是正整数', () => req('GET', '/api/notifications/collections?page=-1')],
])

/** Search syntax of the engines (FTS5 operators, LIKE wildcards, quotes, SQL) must be searched as text. */
const QUERY_SYNTAX = ['"', '*', 'a OR b', 'NEAR(a b)', '-x', '(', ')', 'a:b', '^a', '{a}', '%', '_', '\\', "'; DROP TABLE posts; --", '校园"', '石榴 AND']

family(
  'search, tags and categories',
  () => [
    ['search: no keyword and no tag', 400, '请输入搜索关键词或标签', () => anon('GET', '/api/search')],
    ['search: blank keyword', 400, '请输入搜索关键词或标签', () => anon('GET', '/api/search?keyword=%20%20')],
    ['search: limit=1000000', 400, 'limit 不能超过100', () => anon('GET', '/api/search?keyword=a&limit=1000000')],
    ['search: limit=1e3', 400, 'limit 必须是正整数', () => anon('GET', '/api/search?keyword=a&limit=1e3')],
    ['search: page=0', 400, 'page 必须是正整数', () => anon('GET', '/api/search?keyword=a&page=0')],
    ['search: unknown type', 400, '搜索类型只能是 all、posts、videos 或 users', () => anon('GET', '/api/search?keyword=a&type=evil')],
    ['search: keyword of 101 characters', 400, '关键词不能超过100个字符', () => anon('GET', `/api/search?keyword=${x(101)}`)],
    ['search: tag of 33 characters', 400, '标签无效', () => anon('GET', `/api/search?tag=${x(33)}`)],
    ['search/posts: no keyword', 400, '请输入搜索关键词', () => anon('GET', '/api/search/posts')],
    ['search/posts: limit=1000000', 400, 'limit 不能超过100', () => anon('GET', '/api/search/posts?keyword=a&limit=1000000')],
    ['tags: limit=1000000', 400, 'limit 不能超过100', () => anon('GET', '/api/tags?limit=1000000')],
    ['tags: keyword of 33 characters', 400, '关键词无效', () => anon('GET', `/api/tags?keyword=${x(33)}`)],
    ['hot tags: limit=1000000', 400, 'limit 不能超过50', () => anon('GET', '/api/tags/hot?limit=1000000')],
    ['hot tags: limit=abc', 400, 'limit 必须是正整数', () => anon('GET', '/api/tags/hot?limit=abc')],
    ['categories: unknown sortField', 400, '不支持的排序字段', () => anon('GET', '/api/categories?sortField=password_hash')],
    ['categories: unknown sortOrder', 400, '排序只能是 asc 或 desc', () => anon('GET', '/api/categories?sortOrder=sideways')],
  ],
  () => {
    it.each(QUERY_SYNTAX)('searches %j as text (200, never a 5xx)', async (keyword) => {
      const q = encodeURIComponent(keyword)
      for (const p of [`/api/search?type=all&keyword=${q}`, `/api/search?type=videos&keyword=${q}`, `/api/search?tag=${q}`, `/api/search/posts?keyword=${q}`, `/api/users/search?keyword=${q}`, `/api/posts?keyword=${q}`, `/api/tags?keyword=${q}`]) {
        const { status, body } = await server.call(`GET`, p)
        expect(status, `${p}: ${body.message}`).toBe(200)
      }
    })
  },
)
