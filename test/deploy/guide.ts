import { readFileSync } from 'node:fs';

/** One fenced `sh` block of docs/deploy.md: the step (the `## N.` heading it is under) and its tags. */
export interface Block {
  step: number;
  /** The words after `sh`: `machine` (not run: installs from the internet), `values` (the league's own, which
   * the test replaces), `postgres` or `embedded` (that database only), `once` (the same for both databases,
   * and long: run with the first only). */
  tags: string[];
  code: string;
  line: number;
}

export function readGuide(file: string): Block[] {
  const blocks: Block[] = [];
  let step = 0;
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const heading = lines[i]?.match(/^## (\d+)\./);
    if (heading) step = Number(heading[1]);
    const fence = lines[i]?.match(/^```sh(?: (.*))?$/);
    if (!fence) continue;
    const start = i;
    const code: string[] = [];
    for (i++; i < lines.length && lines[i] !== '```'; i++) code.push(lines[i] as string);
    blocks.push({ step, tags: (fence[1] ?? '').split(/\s+/).filter(Boolean), code: code.join('\n'), line: start + 1 });
  }
  return blocks;
}

/** The steps before this one set up the machine, once; the rest run once per database. */
const FIRST_DATABASE_STEP = 4;
export const FLOWS = ['postgres', 'embedded'] as const;
const OLD_BACKUP = 'old-backup-of-the-test';

/**
 * The bash script the test runs in its own mount namespace. What is the test's and not the guide's is marked
 * "(test)": the overlays, Node.js where step 1 would put it, the stand-ins, the checks after each flow, and
 * putting the machine back to how step 3 left it between the two flows.
 */
export function flowScript(options: {
  guide: Block[];
  values: string;
  work: string;
  shims: string;
  node: string;
  /** The release step 11 upgrades to: another name for the same code, so that it is built in a folder of its own. */
  upgradeTo: string;
}): string {
  const { guide, values, work, shims, node, upgradeTo } = options;
  // Each block's time, for the times the guide states (docs/deploy.md): `== took N s (step S)`.
  const run = (label: string, block: Block) =>
    [
      `echo "== ${label}: docs/deploy.md line ${block.line} (step ${block.step})"`,
      'block_started=$SECONDS',
      block.tags.includes('values') ? values : block.code,
      `echo "== took $((SECONDS - block_started)) s (step ${block.step}, line ${block.line})"`,
    ].join('\n');
  let upgraded = false;
  // (test) Before the upgrade: the release it upgrades to, and a mark to show afterwards that no file of the running
  // release changed while the next one was built beside it.
  const beforeUpgrade = [`BULLPEN_RELEASE=${upgradeTo}`, `touch ${work}/upgrade-started`];
  const afterUpgrade = (flow: string) => [
    'running=/srv/bullpen/$BULLPEN_PREVIOUS',
    `changed=$(find "$running" -newer ${work}/upgrade-started -not -path '*/.git/*' -print -quit)`,
    `[ -z "$changed" ] && echo "== ${flow}: the running release's files were not touched by the upgrade" || echo "changed: $changed"`,
    `[ "$(readlink /srv/bullpen/app)" = "$BULLPEN_PREVIOUS" ] && echo "== ${flow}: went back to $BULLPEN_PREVIOUS"`,
    `echo "== ${flow}: a release's folder holds $(du -sh "$running" | cut -f1)"`,
  ];
  const runnable = guide.filter((b) => !b.tags.includes('machine'));
  const machine = runnable.filter((b) => b.step < FIRST_DATABASE_STEP);
  const lines = [
    'set -euo pipefail',
    `exec > >(tee -a ${work}/out.log) 2>&1`,
    '# (test) A copy of the machine: what the guide writes lands in these overlays, not on the machine.',
    'for dir in etc srv usr/local; do',
    `  mkdir -p ${work}/overlay/$dir/upper ${work}/overlay/$dir/work`,
    `  mount -t overlay overlay -o lowerdir=/$dir,upperdir=${work}/overlay/$dir/upper,workdir=${work}/overlay/$dir/work /$dir`,
    'done',
    '# (test) Step 1 installs Node.js into /usr/local; the test puts the Node.js it runs on there.',
    `install -m 755 ${node} /usr/local/bin/node`,
    `install -d /usr/local/sbin && install -m 755 ${shims}/systemctl ${shims}/journalctl /usr/local/sbin/`,
    'export PATH=/usr/local/sbin:/usr/local/bin:$PATH',
    ...machine.map((b) => run('machine', b)),
  ];
  for (const flow of FLOWS) {
    const blocks = runnable.filter(
      (b) =>
        b.step >= FIRST_DATABASE_STEP &&
        FLOWS.every((f) => f === flow || !b.tags.includes(f)) &&
        (flow === FLOWS[0] || !b.tags.includes('once')),
    );
    lines.push(
      '# (test) A backup of 40 days ago, which the first nightly backup (step 9) must remove, and only it.',
      `touch -d '40 days ago' /srv/bullpen/backups/bullpen-${OLD_BACKUP}`,
      ...blocks.flatMap((b, i) => {
        const first = b.tags.includes('once') && !upgraded;
        const last = b.tags.includes('once') && !blocks.slice(i + 1).some((later) => later.tags.includes('once'));
        if (first) upgraded = true;
        return [...(first ? beforeUpgrade : []), run(flow, b), ...(last ? afterUpgrade(flow) : [])];
      }),
      `echo "== ${flow}: every block ran"`,
      `[ ! -e /srv/bullpen/backups/bullpen-${OLD_BACKUP} ] && echo "== ${flow}: the 40-day-old backup was removed"`,
      `echo "== ${flow}: $(ls /srv/bullpen/backups | grep -c '^bullpen-') backups kept"`,
      '# (test) The SuperAdmin step 5 made signs in with the password it printed.',
      `password=$(grep -o 'Generated password: [^ ]*' ${work}/out.log | tail -n 1 | cut -d' ' -f3)`,
      `status=$(curl -s -o /dev/null -w '%{http_code}' -H 'content-type: application/json' -d "{\\"email\\":\\"$ADMIN_EMAIL\\",\\"password\\":\\"$password\\"}" http://127.0.0.1:3000/api/auth/sign-in/email)`,
      `[ "$status" = 200 ] && echo "== ${flow}: signed in as the SuperAdmin" || { echo "sign-in answered $status"; exit 1; }`,
      '# (test) Back to the machine as step 3 left it, for the next database.',
      'systemctl stop bullpen',
      'cd /',
      `rm -rf /etc/bullpen /etc/systemd/system/bullpen* /srv/bullpen/backups/* ${work}/systemctl/*`,
    );
  }
  return `${lines.join('\n')}\n`;
}
