import type { z } from "zod";
import { ZCreateApp, ZUpdateApp } from "@/lib/apps/apps";
import { ZAddPlayerCreditBody, ZSetPlayerPlanBody } from "@/lib/chat/players";
import { ZCreateCampaignBody } from "@/lib/campaigns/requests";
import { ZCreateCharacterBody, ZSayBody, ZStance, ZUpdateCharacterBody } from "@/lib/characters/requests";
import { ZHeartbeatBody } from "@/lib/runtime/requests";
import { ZTtsBody } from "@/lib/runtime/tts";
import { ZMintSessionBody } from "@/lib/sessions/requests";
import { ZSceneBody, ZSeedFrameBody } from "@/lib/media/seed-frame";
import {
  ZAddEventBody,
  ZAddEventOp,
  ZAddStateOp,
  ZAddVariantOp,
  ZDeleteEventOp,
  ZDeleteStateOp,
  ZOp,
  ZRemoveVariantOp,
  ZSetEntranceOp,
  ZSetSubjectRefOp,
  ZUpdateEventOp,
  ZUpdateStateOp,
  ZVariantInput,
} from "@/lib/kernel";
import { ZEditBody } from "@/lib/edit/requests";
import { ZCreateKey } from "@/lib/keys/keys";
import { ZCreatePlaytestBody, ZPlaytestStepInput } from "@/lib/playtests/requests";
import { ZClipSpec, ZCreateBatchBody } from "@/lib/scenarios/requests";
import { ZCreateDatasetBody } from "@/lib/datasets/requests";
import { ZCreateVersionBody, ZRenameVersionBody, ZRestoreVersionBody } from "@/lib/versions/requests";
import { ZCreateWebhook, ZUpdateWebhook } from "@/lib/webhooks/endpoints";
import { ZCheckBody, ZDescribeBody, ZFrame, ZGroundBody } from "@/lib/vision/requests";
import { ZLikeBody, ZLikeLookupBody } from "@/lib/explore/requests";
import { ZCreateWorldBody, ZForkBody, ZOpsBody, ZSubjectRefInput, ZUpdateWorldBody, ZValidateBody } from "@/lib/worlds/requests";

/** Named request schemas: their names in `components.schemas`. */
export const REQUEST_SCHEMAS = {
  SeedFrameRequest: ZSeedFrameBody,
  SceneRequest: ZSceneBody,
  CreateWorldRequest: ZCreateWorldBody,
  CreateCampaignRequest: ZCreateCampaignBody,
  SubjectRefInput: ZSubjectRefInput,
  UpdateWorldRequest: ZUpdateWorldBody,
  OpsRequest: ZOpsBody,
  Op: ZOp,
  AddStateOp: ZAddStateOp,
  UpdateStateOp: ZUpdateStateOp,
  DeleteStateOp: ZDeleteStateOp,
  AddEventOp: ZAddEventOp,
  UpdateEventOp: ZUpdateEventOp,
  DeleteEventOp: ZDeleteEventOp,
  SetEntranceOp: ZSetEntranceOp,
  SetSubjectRefOp: ZSetSubjectRefOp,
  AddVariantOp: ZAddVariantOp,
  RemoveVariantOp: ZRemoveVariantOp,
  VariantInput: ZVariantInput,
  AddEventRequest: ZAddEventBody,
  EditRequest: ZEditBody,
  CreatePlaytestRequest: ZCreatePlaytestBody,
  CreateDatasetRequest: ZCreateDatasetBody,
  PlaytestStepInput: ZPlaytestStepInput,
  ForkRequest: ZForkBody,
  LikeRequest: ZLikeBody,
  LikeLookupRequest: ZLikeLookupBody,
  ValidateRequest: ZValidateBody,
  CreateVersionRequest: ZCreateVersionBody,
  RenameVersionRequest: ZRenameVersionBody,
  RestoreVersionRequest: ZRestoreVersionBody,
  CreateAppRequest: ZCreateApp,
  UpdateAppRequest: ZUpdateApp,
  CreateKeyRequest: ZCreateKey,
  CreateWebhookRequest: ZCreateWebhook,
  UpdateWebhookRequest: ZUpdateWebhook,
  SetPlayerPlanRequest: ZSetPlayerPlanBody,
  AddPlayerCreditRequest: ZAddPlayerCreditBody,
  MintSessionRequest: ZMintSessionBody,
  HeartbeatRequest: ZHeartbeatBody,
  CreateCharacterRequest: ZCreateCharacterBody,
  UpdateCharacterRequest: ZUpdateCharacterBody,
  StanceInput: ZStance,
  SayRequest: ZSayBody,
  TtsRequest: ZTtsBody,
  VisionFrame: ZFrame,
  VisionGroundRequest: ZGroundBody,
  VisionDescribeRequest: ZDescribeBody,
  VisionCheckRequest: ZCheckBody,
  CreateScenarioBatchRequest: ZCreateBatchBody,
  ClipSpec: ZClipSpec,
} satisfies Record<string, z.ZodType>;
