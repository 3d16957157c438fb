export { Initial1795350168509Mysql } from './1795350168509-Initial'
export { RateLimits1795350440244Mysql } from './1795350440244-RateLimits'
