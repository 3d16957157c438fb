// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { validateLogin } from '../../../renderer/admin/auth/session'
import { admins } from '../../../renderer/admin/resources/admins'
import { categories } from '../../../renderer/admin/resources/categories'
import { posts } from '../../../renderer/admin/resources/posts'
import { tags } from '../../../renderer/admin/resources/tags'
import { users } from '../../../renderer/admin/resources/users'
import { FormModal } from '../../../renderer/admin/table/FormModal'
import type { FormValues } from '../../../renderer/admin/table/types'
import { defaultPayload, initialValues, validateForm } from '../../../renderer/admin/table/validation'

afterEach(cleanup)

describe('validation from the declarations', () => {
  it('category: name and category_title required, max 50, lowercase letters only', () => {
    const blank = initialValues(categories.fields, null)
    expect(validateForm(categories.fields, blank, 'create')).toEqual({ name: '请输入分类名称', category_title: '请输入英文标识' })
    expect(validateForm(categories.fields, { name: '学习', category_title: 'Study1' }, 'create')).toEqual({ category_title: '只能输入小写英文字母' })
    expect(validateForm(categories.fields, { name: 'x'.repeat(51), category_title: 'a'.repeat(51) }, 'create')).toEqual({
      name: '分类名称不能超过50个字符',
      category_title: '英文标识不能超过50个字符',
    })
    expect(validateForm(categories.fields, { name: '学习', category_title: 'study' }, 'create')).toEqual({})
  })

  it('user: display id 3-15 of letters/digits/underscore, nickname 2-10, password needed only to create', () => {
    const ok: FormValues = { ...initialValues(users.fields, null), user_id: 'user_001', nickname: '山月记', password: 'secret1' }
    expect(validateForm(users.fields, ok, 'create')).toEqual({})
    expect(validateForm(users.fields, { ...ok, password: '' }, 'create')).toEqual({ password: '请输入密码' })
    expect(validateForm(users.fields, { ...ok, password: '' }, 'edit')).toEqual({})
    expect(validateForm(users.fields, { ...ok, password: '12345' }, 'edit')).toEqual({ password: '密码至少需要6位' })
    expect(validateForm(users.fields, { ...ok, user_id: 'a'.repeat(16), nickname: '一二三四五六七八九十一' }, 'create')).toEqual({
      user_id: '小石榴号不能超过15个字符',
      nickname: '昵称不能超过10个字符',
    })
    expect(validateForm(users.fields, { ...ok, user_id: 'ab-c' }, 'create')).toEqual({ user_id: '小石榴号只能包含字母、数字和下划线' })
  })

  it('tag: name required', () => {
    expect(validateForm(tags.fields, initialValues(tags.fields, null), 'create')).toEqual({ name: '请输入标签名称' })
  })

  it('admin account: username and password required to create', () => {
    expect(validateForm(admins.fields, initialValues(admins.fields, null), 'create')).toEqual({ username: '请输入用户名', password: '请输入密码' })
  })

  it('note: a draft created in the form needs only its author and a title or content (the server rule), never category or media', () => {
    const draft: FormValues = { ...initialValues(posts.fields, null), is_draft: true, user_display_id: 'su_nian' }
    expect(validateForm(posts.fields, draft, 'create')).toEqual({ title: '请输入标题或内容' })
    expect(validateForm(posts.fields, { ...draft, content: '只写了正文' }, 'create')).toEqual({})
    expect(validateForm(posts.fields, { ...draft, title: '只有标题', type: '2' }, 'create')).toEqual({})
  })

  it('note: creating needs author, title, content, category; a draft edit needs none; at most 10 tags and 9 images', () => {
    const blank = initialValues(posts.fields, null)
    expect(validateForm(posts.fields, blank, 'create')).toEqual({
      user_display_id: '请输入作者小石榴号',
      title: '请输入标题',
      content: '请输入内容',
      category_id: '请选择分类',
      images: '请至少上传一张图片',
    })
    const draft: FormValues = { ...blank, is_draft: true, title: '草稿' }
    expect(validateForm(posts.fields, draft, 'edit')).toEqual({})
    expect(validateForm(posts.fields, { ...draft, title: '', is_draft: false }, 'edit')).toEqual({ title: '请输入标题', content: '请输入内容', category_id: '请选择分类' })
    const tooMany: FormValues = {
      ...draft,
      tags: Array.from({ length: 11 }, (_, i) => `t${i}`),
      images: Array.from({ length: 10 }, (_, i) => `/uploads/${i}.jpg`),
      view_count: '-1',
    }
    expect(validateForm(posts.fields, tooMany, 'edit')).toEqual({ tags: '标签最多10个', images: '图片最多9个', view_count: '浏览量不能小于0' })
    // Images are hidden (and not validated) for a video note, which needs its video instead.
    expect(validateForm(posts.fields, { ...tooMany, tags: [], type: '2', is_draft: false }, 'create')).toMatchObject({ video_url: '请上传视频' })
  })

  it('builds the request body: numbers, switches as 1/0, blank password left out', () => {
    const values: FormValues = { ...initialValues(users.fields, { user_id: 'u1', nickname: '甲乙', is_active: 1, verified: 2 }), password: '' }
    const body = defaultPayload(users.fields, values, 'edit')
    expect(body).toMatchObject({ user_id: 'u1', nickname: '甲乙', is_active: 1, verified: 2 })
    expect(body).not.toHaveProperty('password')
  })
})

describe('admin login rules', () => {
  it('uses the spec messages', () => {
    expect(validateLogin('', '')).toEqual({ username: '请输入用户名', password: '请输入密码' })
    expect(validateLogin('a', '12345')).toEqual({ username: '用户名至少需要2位', password: '密码至少需要6位' })
    expect(validateLogin('admin', 'admin123456')).toEqual({})
  })
})

describe('FormModal', () => {
  function renderForm(onSubmit = vi.fn(async () => undefined)) {
    const client = new QueryClient()
    render(
      <QueryClientProvider client={client}>
        <FormModal
          title="新增分类"
          fields={categories.fields}
          mode="create"
          initial={initialValues(categories.fields, null)}
          confirmText="创建"
          onSubmit={onSubmit}
          onClose={() => undefined}
          onMessage={() => undefined}
        />
      </QueryClientProvider>,
    )
    return onSubmit
  }

  it('shows the declaration’s messages on submit and clears them as the user fixes the fields', async () => {
    const onSubmit = renderForm()
    fireEvent.click(screen.getByRole('button', { name: '创建' }))
    expect(await screen.findByText('请输入分类名称')).toBeTruthy()
    expect(screen.getByText('请输入英文标识')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()

    fireEvent.change(screen.getByLabelText('*分类名称'), { target: { value: '摄影' } })
    fireEvent.change(screen.getByLabelText('*英文标识'), { target: { value: 'Photo' } })
    expect(screen.queryByText('请输入分类名称')).toBeNull()
    expect(screen.getByText('只能输入小写英文字母')).toBeTruthy()

    fireEvent.change(screen.getByLabelText('*英文标识'), { target: { value: 'photo' } })
    fireEvent.click(screen.getByRole('button', { name: '创建' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: '摄影', category_title: 'photo' }))
  })
})
