export { Initial1795350168509Postgres } from './1795350168509-Initial'
export { SearchIndex1795350168510Postgres } from './1795350168510-SearchIndex'
export { RateLimits1795350440244Postgres } from './1795350440244-RateLimits'
