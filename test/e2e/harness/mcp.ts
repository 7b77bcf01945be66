/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in plain Node, not inside n8n */
/**
 * A real MCP client (the official SDK, the copy that ships inside the installed n8n) for n8n's
 * MCP Server Trigger: how an AI agent (Claude Desktop, Cursor, another n8n) calls our node as a
 * tool. No language model is involved: the client picks the tool and its arguments itself.
 */
import path from 'node:path';

import type { N8nInstall } from './install';

export interface McpTool {
	name: string;
	description?: string;
	inputSchema: { properties?: Record<string, { type?: string; description?: string }>; required?: string[] };
}

export interface McpSession {
	listTools(): Promise<{ tools: McpTool[] }>;
	callTool(request: { name: string; arguments: Record<string, unknown> }): Promise<{
		content: Array<{ type: string; text?: string }>;
		isError?: boolean;
	}>;
	close(): Promise<void>;
}

export async function connectMcp(install: N8nInstall, url: string): Promise<McpSession> {
	const sdk = (file: string) => path.join(install.dir, 'node_modules', '@modelcontextprotocol', 'sdk', 'dist', 'cjs', file);
	/* eslint-disable @typescript-eslint/no-require-imports -- the SDK is loaded from the n8n install, not from this package's dependencies */
	const { Client } = require(sdk('client/index.js')) as {
		Client: new (info: { name: string; version: string }) => McpSession & { connect(transport: unknown): Promise<void> };
	};
	const { StreamableHTTPClientTransport } = require(sdk('client/streamableHttp.js')) as {
		StreamableHTTPClientTransport: new (url: URL) => unknown;
	};
	/* eslint-enable @typescript-eslint/no-require-imports */
	const client = new Client({ name: 'engagedly-e2e', version: '1.0.0' });
	await client.connect(new StreamableHTTPClientTransport(new URL(url)));
	return client;
}
