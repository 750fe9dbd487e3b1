"""`reverie mcp`: Reverie as an MCP server (tools and a resource) over stdio or streamable HTTP."""
