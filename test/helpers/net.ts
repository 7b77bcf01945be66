/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in plain Node, not inside n8n */
import net from 'node:net';

/** A port nothing listens on, on loopback. */
export async function freePort(): Promise<number> {
	return await new Promise((resolve, reject) => {
		const server = net.createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo;
			server.close(() => resolve(port));
		});
	});
}

/** Whether a TCP connection to the port on loopback is refused: nothing listens there any more. */
export async function refused(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		socket.on('connect', () => {
			socket.destroy();
			resolve(false);
		});
		socket.on('error', () => resolve(true));
	});
}
