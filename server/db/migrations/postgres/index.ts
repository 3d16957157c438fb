export { PostgresInitial1795350168509 } from './1795350168509-Initial'
export { PostgresSearchIndex1795350168510 } from './1795350168510-SearchIndex'
export { PostgresRateLimits1795350440244 } from './1795350440244-RateLimits'
export { PostgresSettings1795440643967 } from './1795440643967-Settings'
