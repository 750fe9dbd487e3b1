// dynalite (npm `dynalite`, Apache-2.0: the DynamoDB API in Node on LevelDB) for one test session.
// Usage: node scripts/engines/dynalite/serve.js PORT
// Listens on 127.0.0.1:PORT only, keeps its tables in memory, makes a created or deleted table take effect
// at once, prints "reverie-dynalite started on PORT" when it accepts requests and stops itself when its
// standard input closes, so it never outlives the test run that started it (tests/contract/engines.py).
'use strict'

const dynalite = require('dynalite')

const port = Number(process.argv[2])
if (!Number.isInteger(port) || port <= 0) {
  console.error('usage: node scripts/engines/dynalite/serve.js PORT')
  process.exit(2)
}

const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 })
server.on('error', (error) => {
  console.error(`reverie-dynalite failed: ${error.message}`)
  process.exit(1)
})
server.listen(port, '127.0.0.1', () => console.log(`reverie-dynalite started on ${port}`))

process.stdin.on('end', () => process.exit(0))
process.stdin.on('error', () => process.exit(0))
process.stdin.resume()
