import { adminApi, errorMessage } from '../api/http'
import { FormModal } from '../table/FormModal'
import type { FormField } from '../table/types'
import { useFeedback } from '../ui/feedback'

const FIELDS: FormField[] = [
  { key: 'currentPassword', label: '当前密码', type: 'password', required: true },
  { key: 'newPassword', label: '新密码', type: 'password', required: true, minLength: 6, maxLength: 100 },
  {
    key: 'confirmPassword',
    label: '确认新密码',
    type: 'password',
    required: true,
    validate: (value, values) => (value !== values.newPassword ? '两次输入的新密码不一致' : null),
  },
]

/** Admin password change: PUT /auth/admin/password { currentPassword, newPassword }. */
export function PasswordDialog({ onClose }: { onClose: () => void }) {
  const { toast } = useFeedback()
  return (
    <FormModal
      title="修改密码"
      fields={FIELDS}
      mode="edit"
      initial={{ currentPassword: '', newPassword: '', confirmPassword: '' }}
      confirmText="确认修改"
      onMessage={toast}
      onClose={onClose}
      onSubmit={async (values) => {
        try {
          await adminApi.put('/auth/admin/password', { currentPassword: values.currentPassword, newPassword: values.newPassword })
          toast('密码修改成功', 'success')
          onClose()
        } catch (err) {
          toast(`操作失败: ${errorMessage(err) || '未知错误'}`, 'error')
        }
      }}
    />
  )
}
