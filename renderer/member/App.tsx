import { lazy, Suspense, useEffect, useState } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router'
import { ConfirmHost } from '../common/components/confirm'
import { desktopBridge } from '../common/desktop/bridge'
import { DesktopConnectorSlot } from '../common/desktop/slots'
import { useUnreadCounts } from './features/notifications/useUnreadCounts'
import { NotificationStream } from './features/notifications/useNotificationStream'
import { ToastHost } from '../common/components/ToastHost'
import { afterFirstScreen } from '../common/utils/afterFirstScreen'
import { ExplorePage } from './features/explore/ExplorePage'
import type { OverlayState } from './features/note/useOpenNote'
import { lazyPage } from './lazyPage'
import { NotFound } from './pages/NotFound'
import { useSession } from './session/SessionContext'
import { SessionProvider } from './session/SessionProvider'
import { Layout } from './shell/Layout'
import { useSessionRedirect } from './session/useSessionRedirect'

const PublishPage = lazyPage(() => import('./features/publish/PublishPage'), 'PublishPage')
const DraftBoxPage = lazyPage(() => import('./features/manage/DraftBoxPage'), 'DraftBoxPage')
const PostManagementPage = lazyPage(() => import('./features/manage/PostManagementPage'), 'PostManagementPage')
const NotificationPage = lazyPage(() => import('./features/notifications/NotificationPage'), 'NotificationPage')
const ProfilePage = lazyPage(() => import('./features/profile/ProfilePage'), 'ProfilePage')
const FollowListPage = lazyPage(() => import('./features/profile/FollowListPage'), 'FollowListPage')
const SearchPage = lazyPage(() => import('./features/search/SearchPage'), 'SearchPage')
// The note viewer (with comments, the emoji panel and mentions) is not on the first screen: it loads when a
// note opens, and is fetched after the first screen (afterFirstScreen) so that first open is instant.
const loadNote = () => import('./features/note/NoteOverlay')
const NotePage = lazyPage(() => import('./features/note/NotePage'), 'NotePage')
const NoteOverlay = lazyPage(loadNote, 'NoteOverlay', null)
const AuthModal = lazy(async () => ({ default: (await import('./features/auth/AuthModal')).AuthModal }))

/** The login / register modal loads the first time it is asked for: a visitor who only reads never needs it. */
function AuthModalSlot() {
  const { authMode } = useSession()
  const [wanted, setWanted] = useState(false)
  if (authMode && !wanted) setWanted(true)
  return wanted ? (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  ) : null
}

function AppRoutes() {
  const location = useLocation()
  const background = (location.state as OverlayState | null)?.backgroundLocation
  useSessionRedirect()
  useEffect(() => afterFirstScreen(() => void loadNote().catch(() => {})), [])
  return (
    <>
      <Routes location={background ?? location}>
        <Route element={<Layout />}>
          <Route index element={<Navigate to="/explore" replace />} />
          <Route path="explore" element={<ExplorePage />} />
          <Route path="explore/:channel" element={<ExplorePage />} />
          <Route path="post" element={<NotePage />} />
          <Route path="post/:id" element={<NotePage />} />
          <Route path="publish" element={<PublishPage />} />
          <Route path="draft-box" element={<DraftBoxPage />} />
          <Route path="post-management" element={<PostManagementPage />} />
          <Route path="notification" element={<NotificationPage />} />
          <Route path="user" element={<ProfilePage />} />
          <Route path="user/:userId" element={<ProfilePage />} />
          <Route path="follow/:type" element={<FollowListPage />} />
          <Route path="follow" element={<Navigate to="/follow/following" replace />} />
          <Route path="search_result" element={<SearchPage />} />
          <Route path="search_result/:tab" element={<SearchPage />} />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
      {background && (
        <Routes>
          <Route path="/post" element={<NoteOverlay />} />
          <Route path="/post/:id" element={<NoteOverlay />} />
        </Routes>
      )}
    </>
  )
}

/** Desktop app: unread counts to the taskbar/dock badge, routes asked for by the main process. */
function MemberDesktop() {
  return <DesktopConnectorSlot unread={useUnreadCounts()} />
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <SessionProvider>
          <AppRoutes />
          <NotificationStream />
          {desktopBridge() && <MemberDesktop />}
          <AuthModalSlot />
          <ConfirmHost />
          <ToastHost />
        </SessionProvider>
      </BrowserRouter>
    </QueryClientProvider>
  )
}
