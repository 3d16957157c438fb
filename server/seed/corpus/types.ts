/** Types of the demo corpus (see ./index.ts). */

export type Gender = '男' | '女';
export type Education = '高中及以下' | '大专' | '本科' | '硕士' | '博士';
export type ZodiacSign =
  | '白羊座' | '金牛座' | '双子座' | '巨蟹座' | '狮子座' | '处女座'
  | '天秤座' | '天蝎座' | '射手座' | '摩羯座' | '水瓶座' | '双鱼座';
/** 0 none, 1 official, 2 personal (member-screen reading of `verified`). */
export type Verified = 0 | 1 | 2;

export type CategorySlug =
  | 'study' | 'food' | 'campus' | 'sports' | 'travel' | 'fashion'
  | 'tech' | 'exam' | 'clubs' | 'market' | 'photography' | 'music';

export interface DemoCategory {
  /** Chinese display name (Category.name). */
  name: string;
  /** English slug, lowercase letters only (Category.category_title). */
  category_title: CategorySlug;
}

export interface DemoUser {
  /** Public display id (3-15, letters/digits/underscore). */
  user_id: string;
  nickname: string;
  bio: string;
  gender: Gender;
  zodiac_sign: ZodiacSign;
  mbti: string;
  education: Education;
  major: string;
  interests: readonly string[];
  location: string;
  verified: Verified;
  /** File name in resources/demo/avatars/ (see DEMO_AVATARS in media-manifest.ts). */
  avatar: string;
  /** Categories this user mostly posts in (the seeder may use them to pick templates). */
  posts_in: readonly CategorySlug[];
}

export interface NoteTemplate {
  category: CategorySlug;
  /** <= 80 chars so that a TITLE_SUFFIXES entry still fits in 100. */
  title: string;
  /** <= 1900 chars so that an opener + closer still fit in 2000. Paragraphs separated by '\n'. */
  content: string;
  /** Names from TAGS (<= 10 per note). */
  tags: readonly string[];
  /** true when the text suits a video note (type 2). */
  video?: boolean;
}

export interface VerificationSample {
  type: 'personal' | 'official';
  /** personal: occupation; official: organisation name. */
  who: string;
  reason: string;
}
