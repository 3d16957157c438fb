/** Validates server/seed/corpus against the spec limits (see docs/demo-data.md). Returns the problems found. */
import * as corpus from '../../server/seed/corpus';

const len = (s: string) => [...s].length;

function checkUsers(errs: string[], slugs: Set<string>): void {
  const ids = new Set<string>();
  const avatarFiles = new Set<string>();
  for (const u of corpus.USERS) {
    if (!/^[A-Za-z0-9_]{3,15}$/.test(u.user_id)) errs.push(`user_id ${u.user_id}`);
    if (ids.has(u.user_id)) errs.push(`duplicate user_id ${u.user_id}`);
    ids.add(u.user_id);
    if (avatarFiles.has(u.avatar)) errs.push(`duplicate avatar ${u.avatar}`);
    avatarFiles.add(u.avatar);
    if (len(u.nickname) > 10 || len(u.nickname) < 1) errs.push(`nickname ${u.nickname}`);
    if (len(u.bio) > 200) errs.push(`bio of ${u.user_id}`);
    if (len(u.major) > 11) errs.push(`major ${u.major}`);
    if (u.interests.length > 5 || u.interests.some((i) => len(i) > 8) || new Set(u.interests).size !== u.interests.length) errs.push(`interests of ${u.user_id}`);
    for (const c of u.posts_in) if (!slugs.has(c)) errs.push(`posts_in ${c}`);
  }
}

function checkNotes(errs: string[], slugs: Set<string>, tagSet: Set<string>): void {
  const titles = new Set<string>();
  const maxSuffix = Math.max(...corpus.TITLE_SUFFIXES.map(len));
  const maxExtra = Math.max(...corpus.BODY_OPENERS.map(len)) + Math.max(...corpus.BODY_CLOSERS.map(len)) + 2;
  for (const n of corpus.NOTE_TEMPLATES) {
    if (titles.has(n.title)) errs.push(`duplicate title ${n.title}`);
    titles.add(n.title);
    if (len(n.title) > 80 || len(n.title) + maxSuffix > 100) errs.push(`title too long ${n.title}`);
    if (len(n.content) > 1900 || len(n.content) + maxExtra > 2000) errs.push(`content too long ${n.title}`);
    if (len(n.content) < 20) errs.push(`content too short ${n.title}`);
    if (n.tags.length > 10) errs.push(`too many tags ${n.title}`);
    for (const t of n.tags) if (!tagSet.has(t)) errs.push(`unknown tag ${t} in ${n.title}`);
    if (!slugs.has(n.category)) errs.push(`category ${n.category}`);
  }
}

function checkCounts(errs: string[]): void {
  const minimums: Array<[string, readonly unknown[], number]> = [
    ['users', corpus.USERS, 40],
    ['note templates', corpus.NOTE_TEMPLATES, 120],
    ['tags', corpus.TAGS, 60],
    ['comments', corpus.COMMENTS, 80],
    ['replies', corpus.REPLIES, 40],
  ];
  for (const [what, list, min] of minimums) if (list.length < min) errs.push(`need >= ${min} ${what}`);
  for (const c of corpus.CATEGORIES) if (!corpus.NOTE_TEMPLATES.some((n) => n.category === c.category_title)) errs.push(`no templates for ${c.category_title}`);
}

export function checkCorpus(): string[] {
  const errs: string[] = [];
  const slugs = new Set<string>(corpus.CATEGORIES.map((c) => c.category_title));
  for (const c of corpus.CATEGORIES) if (!/^[a-z]{1,50}$/.test(c.category_title)) errs.push(`category slug ${c.category_title}`);
  checkUsers(errs, slugs);
  const tagSet = new Set(corpus.TAGS);
  if (tagSet.size !== corpus.TAGS.length) errs.push('duplicate tags');
  for (const t of corpus.TAGS) if (len(t) > 8 || len(t) < 1) errs.push(`tag ${t}`);
  checkNotes(errs, slugs, tagSet);
  for (const c of [...corpus.COMMENTS, ...corpus.REPLIES]) if (len(c) > 500 || len(c) < 1) errs.push(`comment ${c}`);
  for (const v of corpus.VERIFICATION_SAMPLES) if (len(v.reason) > 200) errs.push(`reason ${v.reason.slice(0, 20)}`);
  if (/[\u{10000}-\u{10FFFF}]/u.test(JSON.stringify(corpus))) errs.push('non-BMP character (emoji?) in corpus');
  console.log(
    `corpus: users ${corpus.USERS.length}, categories ${corpus.CATEGORIES.length}, templates ${corpus.NOTE_TEMPLATES.length}, tags ${corpus.TAGS.length}, comments ${corpus.COMMENTS.length}, replies ${corpus.REPLIES.length}, verification ${corpus.VERIFICATION_SAMPLES.length}`,
  );
  checkCounts(errs);
  return errs;
}
