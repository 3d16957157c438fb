/** npm run seed -- --users N --notes N ...: the demo generator at any scale (server/seed/). */
import 'reflect-metadata'
throw new Error('seed CLI not implemented yet')
