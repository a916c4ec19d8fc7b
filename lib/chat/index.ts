// lib/chat: chat-time metering per player (docs/runtime.md "Chat time").
export {
  addChatCredit,
  assertChatTimeLeft,
  CHAT_PLANS,
  chargeChatTime,
  chatTimeUsedUp,
  getChatStatus,
  monthOf,
  setChatPlan,
  ZChatPlan,
} from "./metering";
export type { ChatCharge, ChatPlan, ChatPlayer, ChatStatus } from "./metering";
export {
  chatPlayerOf,
  listChatPlayers,
  listPlayers,
  MAX_CREDIT_CHANGE,
  ZAddPlayerCreditBody,
  ZPlayerListQuery,
  ZPlayerParams,
  ZSetPlayerPlanBody,
} from "./players";
export type { PlayerListQuery } from "./players";
export { chatSettings, ZChatEnv } from "./settings";
export type { ChatSettings } from "./settings";
