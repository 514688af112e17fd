-- Test driver (not for users): after init.lua, opens the files the spec ($FIELDWISE_NVIM_SPEC) names, asks the
-- server through vim.lsp for diagnostics, completion, hover and the outline, makes an edit, applies a quick fix,
-- formats the buffer, and writes what it saw as JSON.
local spec = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv('FIELDWISE_NVIM_SPEC')), '\n'))
local TIMEOUT = spec.timeout or 30000
local report = { files = {}, nvim = vim.version() }

local function client_of(bufnr)
  for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do
    if client.name == 'fieldwise' and client.initialized then
      return client
    end
  end
end

local function diagnostics(bufnr)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(out, {
      line = d.lnum, col = d.col, end_line = d.end_lnum, end_col = d.end_col,
      severity = d.severity, code = d.code, message = d.message, source = d.source,
    })
  end
  return out
end

local function request(bufnr, method, fields)
  local params = vim.tbl_extend('keep', fields, { textDocument = { uri = vim.uri_from_bufnr(bufnr) } })
  local answers, err = vim.lsp.buf_request_sync(bufnr, method, params, TIMEOUT)
  if not answers then
    error(method .. ' got no answer: ' .. tostring(err))
  end
  for _, answer in pairs(answers) do
    if answer.error then
      error(method .. ' failed: ' .. vim.inspect(answer.error))
    end
    return answer.result
  end
end

-- The documentation Neovim can show for an item: inline, or (a client that announces resolving it) resolved.
local function documentation(bufnr, item)
  local doc = item.documentation
  local provider = client_of(bufnr).server_capabilities.completionProvider
  if doc == nil and provider and provider.resolveProvider then
    local answers = vim.lsp.buf_request_sync(bufnr, 'completionItem/resolve', item, TIMEOUT)
    for _, answer in pairs(answers or {}) do
      if answer.result then
        doc = answer.result.documentation
      end
    end
  end
  if doc == nil then
    return vim.NIL
  end
  return type(doc) == 'table' and doc.value or doc
end

local function completion(bufnr, position)
  local result = request(bufnr, 'textDocument/completion', { position = position })
  local items = result and (result.items or result) or {}
  local out = {}
  for _, item in ipairs(items) do
    table.insert(out, {
      label = item.label,
      detail = item.detail,
      badge = item.labelDetails and item.labelDetails.description or vim.NIL,
      insertTextFormat = item.insertTextFormat,
      newText = item.textEdit and item.textEdit.newText or item.insertText,
      documentation = documentation(bufnr, item),
    })
  end
  return out
end

local function hover(bufnr, position)
  local result = request(bufnr, 'textDocument/hover', { position = position })
  if not result then
    return vim.NIL
  end
  local lines = vim.lsp.util.convert_input_to_markdown_lines(result.contents)
  return table.concat(lines, '\n')
end

-- Waits until no diagnostic with this code is left (the one an edit or a fix should clear).
local function wait_cleared(bufnr, code)
  vim.wait(TIMEOUT, function()
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      if d.code == code then
        return false
      end
    end
    return true
  end, 50)
end

-- A quick fix as `<leader>ca` (vim.lsp.buf.code_action) gets it: the code actions for the first diagnostic with the
-- spec's code, sent back as the server published it; the action with the spec's title is applied with Neovim's own
-- workspace-edit code. Returns the titles offered and the buffer's text afterwards.
local function quick_fix(bufnr, fix)
  local target
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.code == fix.code then
      target = d
      break
    end
  end
  if not target then
    error('no ' .. fix.code .. ' diagnostic to fix')
  end
  local range = { start = { line = target.lnum, character = target.col }, ['end'] = { line = target.end_lnum, character = target.end_col } }
  local sent = { range = range, severity = target.severity, code = target.code, source = target.source, message = target.message }
  local actions = request(bufnr, 'textDocument/codeAction', { range = range, context = { diagnostics = { sent }, only = { 'quickfix' } } }) or {}
  local titles = {}
  local chosen
  for _, action in ipairs(actions) do
    table.insert(titles, action.title)
    if action.title == fix.title then
      chosen = action
    end
  end
  if chosen and chosen.edit then
    vim.lsp.util.apply_workspace_edit(chosen.edit, client_of(bufnr).offset_encoding)
  end
  return { titles = titles, applied = chosen ~= nil and chosen.edit ~= nil, text = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n') }
end

-- The outline as `name` lines indented two spaces per level (the server answers a tree: Neovim announces it takes one).
local function outline(bufnr)
  local lines = {}
  local function walk(symbols, depth)
    for _, s in ipairs(symbols or {}) do
      table.insert(lines, string.rep('  ', depth) .. s.name)
      walk(s.children, depth + 1)
    end
  end
  walk(request(bufnr, 'textDocument/documentSymbol', {}), 0)
  return lines
end

-- Formatting as `vim.lsp.buf.formatting()` asks for it (the buffer's shiftwidth and expandtab), applied with Neovim's
-- own text-edit code; returns the buffer's text afterwards.
local function format(bufnr, options)
  local edits = request(bufnr, 'textDocument/formatting', { options = options }) or {}
  vim.lsp.util.apply_text_edits(edits, bufnr, client_of(bufnr).offset_encoding)
  return table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n')
end

local function run()
  for _, file in ipairs(spec.files) do
    vim.cmd('edit ' .. vim.fn.fnameescape(file.path))
    local bufnr = vim.api.nvim_get_current_buf()
    local seen = { path = file.path, filetype = vim.bo[bufnr].filetype }
    if not vim.wait(TIMEOUT, function() return client_of(bufnr) ~= nil end, 50) then
      error('the fieldwise client did not attach to ' .. file.path)
    end
    seen.sync = client_of(bufnr).server_capabilities.textDocumentSync.change
    if file.clean then
      -- A file without findings: the outline's answer says the server has read it.
      seen.symbols = outline(bufnr)
    else
      vim.wait(TIMEOUT, function() return #vim.diagnostic.get(bufnr) > 0 end, 50)
    end
    seen.diagnostics = diagnostics(bufnr)
    seen.completion = {}
    for _, position in ipairs(file.completion or {}) do
      table.insert(seen.completion, completion(bufnr, position))
    end
    seen.hover = {}
    for _, position in ipairs(file.hover or {}) do
      table.insert(seen.hover, hover(bufnr, position))
    end
    if file.edit then
      -- An edit through Neovim's own (incremental) change tracking; wait for the diagnostics it should clear.
      local e = file.edit
      vim.api.nvim_buf_set_text(bufnr, e.line, e.col, e.end_line, e.end_col, { e.text })
      wait_cleared(bufnr, e.clears)
      seen.after_edit = diagnostics(bufnr)
    end
    if file.fix then
      seen.fix = quick_fix(bufnr, file.fix)
      if seen.fix.applied then
        wait_cleared(bufnr, file.fix.code)
      end
      seen.after_fix = diagnostics(bufnr)
    end
    if file.outline and not seen.symbols then
      seen.symbols = outline(bufnr)
    end
    if file.format then
      seen.formatted = format(bufnr, file.format)
    end
    table.insert(report.files, seen)
  end
end

local ok, err = pcall(run)
if not ok then
  report.error = tostring(err)
end
vim.fn.writefile({ vim.fn.json_encode(report) }, spec.out)
vim.cmd('qa!')
