export { Initial1795350168509Postgres } from './1795350168509-Initial'
export { SearchIndex1795350168510Postgres } from './1795350168510-SearchIndex'
