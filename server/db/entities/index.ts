import { Admin } from './admin'
import { Category } from './category'
import { Comment } from './comment'
import { EmailCode } from './email-code'
import { SignInFlow, UserIdentity } from './identity-link'
import { DataExport } from './data-export'
import { MemberAffinity, NoteNeighbour, NotInterested, RecommendSession } from './discovery'
import { MediaFile } from './media-file'
import { Report, ReportGroup, UserBan } from './moderation'
import { Collection, Follow, Like } from './interaction'
import { Notification } from './notification'
import { Post } from './post'
import { RateLimit } from './rate-limit'
import { PostImage, PostVideo } from './post-media'
import { Setting } from './setting'
import { AdminSession, UserSession } from './session'
import { AdminAuditLog, Captcha, PostView } from './support'
import { PostTag, Tag } from './tag'
import { TimelineMark } from './timeline-mark'
import { User } from './user'
import { UserBlock } from './user-block'
import { Verification } from './verification'
import { SiteSetting, WatchedWord } from './watched-word'

export * from './admin'
export * from './category'
export * from './comment'
export * from './email-code'
export * from './identity-link'
export * from './data-export'
export * from './discovery'
export * from './interaction'
export * from './media-file'
export * from './moderation'
export * from './notification'
export * from './post'
export * from './post-media'
export * from './rate-limit'
export * from './session'
export * from './setting'
export * from './support'
export * from './tag'
export * from './timeline-mark'
export * from './user'
export * from './user-block'
export * from './verification'
export * from './watched-word'

export const entities = [
  User,
  Admin,
  Category,
  Post,
  PostImage,
  PostVideo,
  Tag,
  PostTag,
  Comment,
  Like,
  Collection,
  Follow,
  Notification,
  UserSession,
  AdminSession,
  Verification,
  Captcha,
  PostView,
  AdminAuditLog,
  RateLimit,
  Setting,
  MediaFile,
  UserBlock,
  WatchedWord,
  DataExport,
  SiteSetting,
  ReportGroup,
  Report,
  UserBan,
  EmailCode,
  MemberAffinity,
  NoteNeighbour,
  NotInterested,
  RecommendSession,
  TimelineMark,
  UserIdentity,
  SignInFlow,
]
