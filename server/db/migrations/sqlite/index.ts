export { Initial1795350168509Sqlite } from './1795350168509-Initial'
export { SearchIndex1795350168510Sqlite } from './1795350168510-SearchIndex'
export { RateLimits1795350440244Sqlite } from './1795350440244-RateLimits'
