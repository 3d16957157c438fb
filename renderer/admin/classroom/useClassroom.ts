import { useQuery } from '@tanstack/react-query'
import type { ClassroomInfo } from '../../../server/contract/admin/classroom'
import type { EmailConfigReply } from '../../../server/contract/email'
import { adminApi } from '../api/http'

/**
 * Whether the server runs in classroom mode (docs/classroom.md): the public registration settings say so
 * (classCodeRequired), so a server without it is never asked for its classroom (no 404 in every session).
 */
export function useClassroomMode(): boolean {
  const query = useQuery({
    queryKey: ['registration-settings'],
    queryFn: () => adminApi.get<EmailConfigReply>('/auth/email-config'),
    retry: false,
    staleTime: 5 * 60_000,
  })
  return Boolean(query.data?.classCodeRequired)
}

/** The classroom's address, code, sheets and exports (null until known, or outside classroom mode). */
export function useClassroom(): { info: ClassroomInfo | null; refresh: () => void } {
  const mode = useClassroomMode()
  const query = useQuery({
    queryKey: ['classroom'],
    queryFn: () => adminApi.get<ClassroomInfo>('/admin/classroom'),
    enabled: mode,
    retry: false,
  })
  return { info: query.data ?? null, refresh: () => void query.refetch() }
}
