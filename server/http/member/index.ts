import type Router from '@koa/router'
import type { AppDeps } from '../../deps'

/** Member and visitor API (member-and-visitor.md §7). Each resource folder registers its routes here. */
export function registerMemberRoutes(_router: Router, _deps: AppDeps): void {}
