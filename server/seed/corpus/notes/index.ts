import type { NoteTemplate } from '../types';
import { CAMPUS_NOTES } from './campus';
import { CLUBS_NOTES } from './clubs';
import { EXAM_NOTES } from './exam';
import { FASHION_NOTES } from './fashion';
import { FOOD_NOTES } from './food';
import { MARKET_NOTES } from './market';
import { MUSIC_NOTES } from './music';
import { PHOTOGRAPHY_NOTES } from './photography';
import { SPORTS_NOTES } from './sports';
import { STUDY_NOTES } from './study';
import { TECH_NOTES } from './tech';
import { TRAVEL_NOTES } from './travel';

/**
 * All note templates (title <= 80, content <= 1900; paragraphs separated by '\n'),
 * one file per category, concatenated in CATEGORIES order.
 */
export const NOTE_TEMPLATES: readonly NoteTemplate[] = [
  ...STUDY_NOTES,
  ...FOOD_NOTES,
  ...CAMPUS_NOTES,
  ...SPORTS_NOTES,
  ...TRAVEL_NOTES,
  ...FASHION_NOTES,
  ...TECH_NOTES,
  ...EXAM_NOTES,
  ...CLUBS_NOTES,
  ...MARKET_NOTES,
  ...PHOTOGRAPHY_NOTES,
  ...MUSIC_NOTES,
];
