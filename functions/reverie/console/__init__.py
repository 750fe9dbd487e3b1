"""The memory console: a static, dependency-free web app (HTML, CSS and JavaScript modules in `static/`)
that people use to see, correct, export and delete what the agents remember. It calls the HTTP API only;
`reverie serve` serves it at `/console` (`assets.WithConsole`), and the same files can be served from any
static host in front of the API."""
