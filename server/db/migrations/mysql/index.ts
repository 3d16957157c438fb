export { Initial1795350168509Mysql } from './1795350168509-Initial'
