export { SqliteInitial1795350168509 } from './1795350168509-Initial'
export { SqliteSearchIndex1795350168510 } from './1795350168510-SearchIndex'
export { SqliteRateLimits1795350440244 } from './1795350440244-RateLimits'
export { SqliteSettings1795440643967 } from './1795440643967-Settings'
