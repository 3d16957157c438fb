import { useEffect, useState } from 'react'
import type { EmailConfigReply } from '../../../../server/contract/email'
import { fetchEmailConfig } from '../../api/email'

/** The server's email configuration; null until known (nothing email-related shows before, or when off). */
export function useEmailConfig(): EmailConfigReply | null {
  const [config, setConfig] = useState<EmailConfigReply | null>(null)
  useEffect(() => {
    let live = true
    void fetchEmailConfig().then((c) => live && setConfig(c))
    return () => {
      live = false
    }
  }, [])
  return config
}
