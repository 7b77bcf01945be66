/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- a developer script, runs in plain Node */
/**
 * `bash scripts/screenshots.sh`: the README's screenshots (docs/*.png), taken from the running
 * demo with Debian's Chromium, headless, through the DevTools protocol (Node's own WebSocket:
 * no browser-automation dependency). Needs `apt-get install chromium`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { example, exampleNames, importDemo, startDemoSimulator } from '../test/e2e/harness/demo';
import { REPO_ROOT, ensureN8n } from '../test/e2e/harness/install';
import { N8nInstance, freePort } from '../test/e2e/harness/instance';
import { build, pack } from '../test/e2e/harness/pack';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const OUT = path.join(REPO_ROOT, 'docs');
const WIDTH = 1440;
const HEIGHT = 900;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class Cdp {
	private id = 0;
	private readonly pending = new Map<number, (message: { result?: unknown; error?: { message: string } }) => void>();
	private constructor(private readonly socket: WebSocket) {
		socket.addEventListener('message', (event) => {
			const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
			if (message.id !== undefined) this.pending.get(message.id)?.(message);
		});
	}

	static async connect(url: string): Promise<Cdp> {
		const socket = new WebSocket(url);
		await new Promise((resolve, reject) => {
			socket.addEventListener('open', resolve);
			socket.addEventListener('error', reject);
		});
		return new Cdp(socket);
	}

	async send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}): Promise<T> {
		const id = ++this.id;
		const reply = new Promise<{ result?: unknown; error?: { message: string } }>((resolve) => this.pending.set(id, resolve));
		this.socket.send(JSON.stringify({ id, method, params }));
		const message = await reply;
		if (message.error) throw new Error(`${method}: ${message.error.message}`);
		return message.result as T;
	}

	async evaluate<T>(expression: string): Promise<T> {
		const { result } = await this.send<{ result: { value: T } }>('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
		return result.value;
	}

	close(): void {
		this.socket.close();
	}
}

async function main(): Promise<void> {
	// ENGAGEDLY_E2E_PACKAGE=<tarball>: screenshots of a given package instead of this clone.
	const given = process.env.ENGAGEDLY_E2E_PACKAGE;
	if (!given) build();
	const install = await ensureN8n();
	const tarball = given ?? pack();
	const sim = await startDemoSimulator();
	const n8n = await N8nInstance.create({ install, tarball });
	const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'engagedly-chromium-'));
	let browser: ReturnType<typeof spawn> | undefined;
	try {
		await importDemo(n8n, sim, exampleNames().map(example));
		// A finished run to show: the onboarding example, executed headless.
		const { run } = await n8n.execute('engagedly-onboarding');
		if (run.status !== 'success') throw new Error(`the onboarding example failed: ${run.data.resultData.error?.message}`);
		await n8n.start();
		await n8n.setupOwner();
		const cookie = await n8n.login();
		const [executionId] = (await n8n.executions('engagedly-onboarding')).map((e) => e.id);

		const port = await freePort();
		browser = spawn(
			CHROMIUM,
			[
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--no-first-run',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
				'--hide-scrollbars',
				`--user-data-dir=${profile}`,
				`--remote-debugging-port=${port}`,
				`--window-size=${WIDTH},${HEIGHT}`,
				'about:blank',
			],
			{ stdio: 'ignore' },
		);
		let pageUrl: string | undefined;
		for (let i = 0; i < 60 && !pageUrl; i++) {
			await sleep(500);
			try {
				const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ type: string; webSocketDebuggerUrl: string }>;
				pageUrl = targets.find((t) => t.type === 'page')?.webSocketDebuggerUrl;
			} catch {
				// Chromium is still starting
			}
		}
		if (!pageUrl) throw new Error('Chromium did not open a page');
		const page = await Cdp.connect(pageUrl);
		await page.send('Page.enable');
		await page.send('Emulation.setDeviceMetricsOverride', { width: WIDTH, height: HEIGHT, deviceScaleFactor: 1, mobile: false });
		const [name, value] = cookie.split('=');
		await page.send('Network.setCookie', { name, value, domain: '127.0.0.1', path: '/' });
		// The editor's first-visit tours and hints, dismissed as a returning user would have.
		await page.send('Page.addScriptToEvaluateOnNewDocument', {
			source: "try { localStorage.setItem('N8N_HIDE_HIRING_BANNER', 'true'); } catch {}",
		});

		fs.mkdirSync(OUT, { recursive: true });
		const waitFor = async (what: string, expression: string) => {
			for (let i = 0; i < 120; i++) {
				if (await page.evaluate<boolean>(`Boolean(${expression})`)) return;
				await sleep(500);
			}
			const state = await page.evaluate<string>('location.href + " | " + document.title + " | " + document.body.innerText.slice(0, 300)');
			throw new Error(`the editor did not show ${what}: ${state}`);
		};
		const shoot = async (file: string, url: string, ready: string, afterLoad?: () => Promise<void>) => {
			await page.send('Page.navigate', { url: `${n8n.baseUrl}${url}` });
			await waitFor(url, ready);
			await sleep(2000);
			if (afterLoad) {
				await afterLoad();
				await sleep(1500);
			}
			const { data } = await page.send<{ data: string }>('Page.captureScreenshot', { format: 'png' });
			fs.writeFileSync(path.join(OUT, file), Buffer.from(data, 'base64'));
			process.stdout.write(`docs/${file}\n`);
		};
		const ndv = `document.querySelector('[data-test-id="ndv"], [data-test-id="node-parameters"], .ndv-wrapper')`;
		/** A real double click (DevTools input events) on the node with this label. */
		const openNode = (label: string) => async () => {
			const at = await page.evaluate<{ x: number; y: number } | null>(`(() => {
				const node = [...document.querySelectorAll('[data-test-id="canvas-node"]')].find((n) => n.textContent.includes(${JSON.stringify(label)}));
				if (!node) return null;
				const box = node.getBoundingClientRect();
				return { x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 40) };
			})()`);
			if (!at) throw new Error(`no node ${label} on the canvas`);
			for (const clickCount of [1, 2]) {
				for (const type of ['mousePressed', 'mouseReleased']) {
					await page.send('Input.dispatchMouseEvent', { type, x: at.x, y: at.y, button: 'left', clickCount });
				}
			}
			await waitFor(`the details of ${label}`, ndv);
			// The dropdowns load their options from Engagedly after the panel opens: the picture is
			// meant to show them filled in.
			await waitFor(`the dropdowns of ${label} loaded`, `!document.body.innerText.includes('Loading options')`);
		};
		const canvas = `document.querySelectorAll('[data-test-id="canvas-node"]').length > 0`;

		await shoot('onboarding-create-user.png', '/workflow/engagedly-onboarding', canvas, openNode('Create or update the user'));
		await shoot('onboarding-execution.png', `/workflow/engagedly-onboarding/executions/${executionId}`, canvas);
		await shoot('offboarding-deactivate.png', '/workflow/engagedly-offboarding', canvas, openNode('Deactivate'));
		await shoot('recognition-trigger.png', '/workflow/engagedly-recognition', canvas, openNode('New praise in Engagedly'));
		page.close();
	} finally {
		browser?.kill('SIGTERM');
		await n8n.dispose();
		await sim.stop();
		fs.rmSync(profile, { recursive: true, force: true });
		if (!given) fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
	}
}

main().catch((error: Error) => {
	process.stderr.write(`${error.stack ?? error.message}\n`);
	process.exit(1);
});
