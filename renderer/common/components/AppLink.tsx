import { useCallback, type MouseEvent, type ReactNode } from 'react'
import { useInRouterContext, useNavigate } from 'react-router'
import { desktopBridge } from '../desktop/bridge'
import { followLink, type Navigate } from '../links'

/** `followLink` bound to this app's router: for elements that are not links (cards, table rows, buttons). */
export function useFollowLink(): (href: string) => void {
  const navigate = useNavigate()
  return useCallback((href: string) => void followLink(href, navigate), [navigate])
}

export interface AppLinkProps {
  href: string
  className?: string
  title?: string
  /** The link's accessible name when its content has none (an avatar). */
  label?: string
  children: ReactNode
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void
}

/**
 * A link that opens in a new tab in a browser (the spec's behaviour for authors, tags, mentions, user links)
 * and in the right place in the desktop app (see renderer/common/links.ts), where new windows are refused.
 */
export function AppLink(props: AppLinkProps) {
  const { href, className, title, label, children, onClick } = props
  const inRouter = useInRouterContext()
  if (!desktopBridge()) {
    return (
      <a href={href} className={className} title={title} aria-label={label} target="_blank" rel="noopener noreferrer" onClick={onClick}>
        {children}
      </a>
    )
  }
  // Outside a router (a component rendered on its own) a route is a full page load.
  return inRouter ? <RoutedDesktopLink {...props} /> : <DesktopLink {...props} navigate={(path) => window.location.assign(path)} />
}

function RoutedDesktopLink(props: AppLinkProps) {
  const navigate = useNavigate()
  return <DesktopLink {...props} navigate={(path) => void navigate(path)} />
}

function DesktopLink({ href, className, title, label, children, onClick, navigate }: AppLinkProps & { navigate: Navigate }) {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    event.preventDefault()
    followLink(href, navigate)
  }
  return (
    <a
      href={href}
      className={className}
      title={title}
      aria-label={label}
      onClick={open}
      // A middle click would ask for a new window: follow the link here instead.
      onAuxClick={(event) => {
        if (event.button === 1) open(event)
      }}
    >
      {children}
    </a>
  )
}
