// lib/chat: chat-time metering per end user (docs/runtime.md "Chat time").
export { addChatCredit, assertChatTimeLeft, CHAT_PLANS, chargeChatTime, chatTimeUsedUp, getChatStatus, monthOf, setChatPlan, ZChatPlan } from "./metering";
export type { ChatCharge, ChatPlan, ChatStatus } from "./metering";
export { chatSettings, ZChatEnv } from "./settings";
export type { ChatSettings } from "./settings";
