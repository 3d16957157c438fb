export { MysqlInitial1795350168509 } from './1795350168509-Initial'
export { MysqlRateLimits1795350440244 } from './1795350440244-RateLimits'
export { MysqlSettings1795440643967 } from './1795440643967-Settings'
export { MysqlSessionHandles1795654099491 } from './1795654099491-SessionHandles'
