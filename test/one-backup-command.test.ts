import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * CHANGELOG.md's "Before you upgrade" and the nightly backup run one command on a machine set up by the guide
 * (docs/deploy.md): the deploy wrapper, which reads the service's settings as the service does (decision 0052).
 * test/deploy/guide.api.test.ts runs the wrapper and the drill for real, as root.
 */
const root = resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(resolve(root, file), 'utf8');

const changelog = read('CHANGELOG.md');
const beforeYouUpgrade = changelog.slice(
  changelog.indexOf('## Before you upgrade'),
  changelog.indexOf('## How each release'),
);
const guide = read('docs/deploy.md');
const wrapper = read('deploy/bullpen');
const service = read('deploy/bullpen.service');

/** The value of a systemd unit's setting. */
const unit = (name: string) => new RegExp(`^${name}=(.+)$`, 'm').exec(service)?.[1];

describe('one backup command on a machine set up by docs/deploy.md', () => {
  it('is the wrapper in CHANGELOG.md, in the guide and in the nightly backup', () => {
    // CHANGELOG's backup and restore, on such a machine, are the wrapper's, run as root.
    expect(beforeYouUpgrade).toMatch(/On a machine set up by docs\/deploy\.md, that is `bullpen backup`\s+as root/);
    expect(beforeYouUpgrade).toMatch(/run\s+`bullpen restore <your backup file>` with it, as root on a machine set up/);
    // The guide installs that command from deploy/bullpen, again at each upgrade, and when going back.
    const installs = guide.match(/install -m 755 \/srv\/bullpen\/app\/deploy\/bullpen \/usr\/local\/bin\/bullpen/g);
    expect(installs).toHaveLength(3);
    // The nightly backup runs the same command.
    expect(read('deploy/backup.sh')).toMatch(/^bullpen backup "\$file"$/m);
  });

  it('reads the settings the service reads, as the service’s user, with its program', () => {
    const settings = unit('EnvironmentFile');
    expect(settings).toBe('/etc/bullpen/bullpen.env');
    expect(wrapper).toContain(`. ${settings}`);
    expect(wrapper).toContain(`runuser -u ${unit('User')} --`);
    const program = unit('ExecStart')?.replace(/ serve$/, '');
    expect(wrapper).toContain(`${program} "$@"`);
    expect(wrapper).toContain(`export NODE_ENV=${unit('Environment')?.replace('NODE_ENV=', '')}`);
  });

  it('works in a folder the service user may write, so that a backup without a file name lands there', () => {
    const folder = /^cd (\S+)$/m.exec(wrapper)?.[1];
    expect(folder).toBe('/srv/bullpen/backups');
    // Step 3 makes it, owned by the service's user.
    expect(guide).toMatch(new RegExp(`install -d -o bullpen -g bullpen -m 750 .*${folder}`));
  });

  it('drills the restore as the settings’ role, never as a local superuser', () => {
    const drill = read('deploy/restore-drill.sh');
    // The only superuser it names is in the sentence that says what to grant when the role may not create databases.
    const commands = drill.split('\n').filter((line) => !/^\s*(#|echo )/.test(line));
    expect(commands.filter((line) => line.includes('-u postgres'))).toEqual([]);
    expect(drill).toContain('createdb --maintenance-db="$live_url"');
    expect(drill).toContain('dropdb --if-exists --maintenance-db="$live_url"');
  });
});
