/**
 * Safe defaults of the settings: the service and its SMTP listener listen on this machine only unless HOST says
 * otherwise (the Docker image and docker-compose.yml say 0.0.0.0), and the outbound mail sink is under DATA_DIR.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

describe('listening', () => {
  it('the service and the SMTP listener listen on 127.0.0.1 by default', () => {
    const config = loadConfig({});
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.INBOUND_SMTP_HOST).toBe('127.0.0.1');
  });

  it('the SMTP listener follows HOST unless INBOUND_SMTP_HOST is set', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).INBOUND_SMTP_HOST).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0', INBOUND_SMTP_HOST: '' }).INBOUND_SMTP_HOST).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0', INBOUND_SMTP_HOST: '10.0.0.2' }).INBOUND_SMTP_HOST).toBe('10.0.0.2');
  });

  it('the Docker image and the compose file listen on every interface of the container', () => {
    const root = join(import.meta.dirname, '../..');
    expect(readFileSync(join(root, 'Dockerfile'), 'utf8')).toMatch(/^\s+HOST=0\.0\.0\.0\b/m);
    expect(readFileSync(join(root, 'docker-compose.yml'), 'utf8')).toMatch(/^\s+HOST: "?0\.0\.0\.0"?$/m);
  });
});

describe('the mail sink folder', () => {
  it('is under DATA_DIR unless MAIL_SINK_DIR is set', () => {
    expect(loadConfig({ DATA_DIR: '/srv/pbem' }).MAIL_SINK_DIR).toBe('/srv/pbem/mail');
    expect(loadConfig({ DATA_DIR: '/srv/pbem', MAIL_SINK_DIR: '' }).MAIL_SINK_DIR).toBe('/srv/pbem/mail');
    expect(loadConfig({}).MAIL_SINK_DIR).toBe(join('./data', 'mail'));
    expect(loadConfig({ DATA_DIR: '/srv/pbem', MAIL_SINK_DIR: '/var/mail/pbem' }).MAIL_SINK_DIR).toBe('/var/mail/pbem');
  });
});
