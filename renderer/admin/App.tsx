import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { BrowserRouter, Navigate, Route, Routes } from 'react-router'
import { desktopBridge } from '../common/desktop/bridge'
import { DesktopConnectorSlot } from '../common/desktop/slots'
import { ApiDocsPage } from './api-docs/ApiDocsPage'
import { ClassroomPage } from './classroom/ClassroomPage'
import { LoginPage } from './auth/LoginPage'
import { AdminLayout } from './layout/AdminLayout'
import { MonitorPage } from './monitor/MonitorPage'
import { ResourcePage } from './ResourcePage'
import { FeedbackProvider } from './ui/feedback'

export function AdminRoutes() {
  return (
    <Routes>
      <Route path="/admin/login" element={<LoginPage />} />
      <Route path="/admin" element={<AdminLayout />}>
        <Route index element={<Navigate to="/admin/api-docs" replace />} />
        <Route path="api-docs" element={<ApiDocsPage />} />
        <Route path="monitor" element={<MonitorPage />} />
        <Route path="classroom" element={<ClassroomPage />} />
        <Route path=":resource" element={<ResourcePage />} />
      </Route>
      <Route path="*" element={<Navigate to="/admin/api-docs" replace />} />
    </Routes>
  )
}

export function App() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  )
  return (
    <QueryClientProvider client={queryClient}>
      <FeedbackProvider>
        <BrowserRouter>
          <AdminRoutes />
          {desktopBridge() && <DesktopConnectorSlot />}
        </BrowserRouter>
      </FeedbackProvider>
    </QueryClientProvider>
  )
}
