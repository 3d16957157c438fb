import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { onSessionExpired } from '../api/client'

/** A 401 with a stored token logs the member out and returns to / (spec §8). */
export function useSessionRedirect() {
  const navigate = useNavigate()
  useEffect(() => onSessionExpired(() => navigate('/', { replace: true })), [navigate])
}
