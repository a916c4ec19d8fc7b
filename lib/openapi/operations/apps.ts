import { ZCreateApp, ZUpdateApp } from "@/lib/apps/apps";
import { ZIdParams } from "@/lib/shared/params";
import { operation } from "../operation";

export const listApps = operation({
  method: "GET",
  path: "/v1/apps",
  tag: "Apps",
  operationId: "listApps",
  summary: "List apps",
  description: "The signed-in user's apps, oldest first.",
  auth: "user",
  responses: { 200: { description: "The apps.", schema: "AppList" } },
});

export const createApp = operation({
  method: "POST",
  path: "/v1/apps",
  tag: "Apps",
  operationId: "createApp",
  summary: "Create an app",
  auth: "user",
  idempotency: "app",
  body: ZCreateApp,
  responses: { 201: { description: "The new app.", schema: "AppBody" } },
});

export const getApp = operation({
  method: "GET",
  path: "/v1/apps/{id}",
  tag: "Apps",
  operationId: "getApp",
  summary: "Retrieve an app",
  auth: "user",
  params: ZIdParams,
  responses: { 200: { description: "The app.", schema: "AppBody" } },
  errors: { not_found: "no app with this id among the user's" },
});

export const updateApp = operation({
  method: "PATCH",
  path: "/v1/apps/{id}",
  tag: "Apps",
  operationId: "updateApp",
  summary: "Update an app",
  description: "Changes the name, the default mode and the embedding origins (`scheme://host[:port]`, no path; duplicates are removed).",
  auth: "user",
  params: ZIdParams,
  body: ZUpdateApp,
  responses: { 200: { description: "The updated app.", schema: "AppBody" } },
  errors: { not_found: "no app with this id among the user's" },
});

/** In the order of the document. */
export const APPS = [listApps, createApp, getApp, updateApp];
