import { Navigate, useParams } from 'react-router'
import { resourceByName } from './resources'
import { ResourceTable } from './table/ResourceTable'

export function ResourcePage() {
  const { resource = '' } = useParams()
  const def = resourceByName(resource)
  if (!def) return <Navigate to="/admin/api-docs" replace />
  return <ResourceTable key={def.name} def={def} />
}
