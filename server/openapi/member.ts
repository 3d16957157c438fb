import type { DocRoute } from './route'

/** Member and visitor routes (member-and-visitor.md §7), documented from their contract schemas. */
export function memberDocRoutes(): DocRoute[] {
  return []
}
