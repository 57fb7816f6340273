//===- MergeKernelModules.cpp - All kernels of a module in one gpu.module -===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-merge-kernel-modules` (Passes.td). Upstream's kernel outlining
// makes a gpu.module per kernel, and each becomes a binary of its own:
// `gpu-module-to-binary` runs the NVPTX back end and ptxas once per kernel
// (a program of 25 small functions had 264 kernels: 90% of its compile
// time), and the program loads every module at run time. One module holds
// them all: one back end run, one ptxas call, one module to load.
//
//===----------------------------------------------------------------------===//

#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEMERGEKERNELMODULES
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;

/// The attributes of `module` other than its name: what outlining or a
/// target attachment put there, which the merged modules must share.
static DictionaryAttr otherAttributes(gpu::GPUModuleOp module) {
  NamedAttrList attributes(module->getAttrDictionary());
  attributes.erase(SymbolTable::getSymbolAttrName());
  return attributes.getDictionary(module.getContext());
}

/// The kernels of `body` that are alike erased but one (the first): the
/// names of the erased ones mapped to the one kept. A kernel is its text
/// printed without its name (generic form, names local to it), so that two
/// are alike when everything but their names is; other symbols stay.
/// Kernels alike merge whichever functions launch them: 4096 functions of
/// one shape made 4096 kernels of 129 kinds, whose back end and ptxas runs
/// took 11 of 22 s, and upstream's verifier of the launches looks each
/// kernel up by a scan of the module (docs/performance.md). With
/// `launcher` (each kernel's one host function, by its name in `body`),
/// only kernels of one function merge, and the others stay.
static DenseMap<StringAttr, StringAttr>
deduplicate(Block *body, const DenseMap<StringAttr, StringAttr> *launcher) {
  DenseMap<StringAttr, StringAttr> same;
  llvm::StringMap<StringAttr> kept;
  for (gpu::GPUFuncOp function :
       llvm::make_early_inc_range(body->getOps<gpu::GPUFuncOp>())) {
    StringAttr name = function.getNameAttr();
    StringAttr host = launcher ? launcher->lookup(name) : StringAttr();
    if (!function.isKernel() || (launcher && !host))
      continue;
    std::string text = host ? host.str() + "\n" : std::string();
    {
      llvm::raw_string_ostream os(text);
      function.setName("kernel");
      function->print(os,
                      OpPrintingFlags().printGenericOpForm().useLocalScope());
      function.setName(name);
    }
    auto [it, inserted] = kept.try_emplace(text, name);
    if (inserted)
      continue;
    same[name] = it->second;
    function.erase();
  }
  return same;
}

namespace {
struct MergeKernelModules
    : public slice::impl::SliceMergeKernelModulesBase<MergeKernelModules> {
  using SliceMergeKernelModulesBase::SliceMergeKernelModulesBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::GPUModuleOp> kernels(module.getOps<gpu::GPUModuleOp>());
    if (kernels.empty())
      return;
    // Modules alike (the same attributes, one block each) merge; anything
    // else stays as it is. Outlining names each module uniquely but keeps
    // its kernel's base name (@f_kernel_0 holds @f_kernel): a symbol takes
    // its module's name when it is the module's only one, else
    // `<module>_<symbol>`, renamed with its uses in the module.
    DictionaryAttr attributes = otherAttributes(kernels.front());
    llvm::StringSet<> names;
    llvm::DenseMap<std::pair<StringAttr, StringAttr>, StringAttr> renamed;
    for (gpu::GPUModuleOp kernel : kernels) {
      if (otherAttributes(kernel) != attributes ||
          !kernel.getBodyRegion().hasOneBlock())
        return;
      SmallVector<Operation *> owned;
      for (Operation &op : kernel.getBody()->getOperations())
        if (op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
          owned.push_back(&op);
      for (Operation *op : owned) {
        StringAttr name = SymbolTable::getSymbolName(op);
        std::string unique =
            owned.size() == 1
                ? kernel.getName().str()
                : (kernel.getName() + "_" + name.getValue()).str();
        if (!names.insert(unique).second)
          return;
        renamed[{kernel.getNameAttr(), name}] =
            StringAttr::get(&getContext(), unique);
      }
    }
    for (gpu::GPUModuleOp kernel : kernels) {
      SymbolTable table(kernel);
      for (Operation &op : llvm::make_early_inc_range(*kernel.getBody())) {
        auto name =
            op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
        if (!name)
          continue;
        StringAttr unique = renamed.lookup({kernel.getNameAttr(), name});
        if (unique != name && failed(table.rename(&op, unique)))
          return signalPassFailure();
      }
    }

    SymbolTable symbols(module);
    OpBuilder builder(kernels.front());
    auto merged = gpu::GPUModuleOp::create(builder, kernels.front().getLoc(),
                                           "slice_kernels");
    merged->setAttrs(attributes);
    merged.setName("slice_kernels");
    symbols.insert(merged); // renames it when the name is taken
    Block *body = merged.getBody();
    for (gpu::GPUModuleOp kernel : kernels) {
      Block *from = kernel.getBody();
      for (Operation &op : llvm::make_early_inc_range(*from))
        if (!op.hasTrait<OpTrait::IsTerminator>())
          op.moveBefore(body, body->end());
    }
    // Kernels alike (the same signature, attributes and body: the copies
    // of a long chain of updates at offsets that repeat, the kernels of
    // functions of one shape) become one. Per function: the one host
    // function that launches each kernel (none: several).
    DenseMap<StringAttr, StringAttr> launcher;
    if (perFunction) {
      DenseSet<StringAttr> shared;
      module.walk([&](gpu::LaunchFuncOp launch) {
        StringAttr unique = renamed.lookup(
            {launch.getKernelModuleName(), launch.getKernelName()});
        auto host = launch->getParentOfType<FunctionOpInterface>();
        if (!unique || !host)
          return;
        auto [it, inserted] = launcher.try_emplace(unique, host.getNameAttr());
        if (!inserted && it->second != host.getNameAttr())
          shared.insert(unique);
      });
      for (StringAttr name : shared)
        launcher.erase(name);
    }
    DenseMap<StringAttr, StringAttr> same =
        deduplicate(body, perFunction ? &launcher : nullptr);
    // Every launch names its kernel in the merged module.
    StringAttr mergedName = merged.getNameAttr();
    module.walk([&](gpu::LaunchFuncOp launch) {
      StringAttr unique = renamed.lookup(
          {launch.getKernelModuleName(), launch.getKernelName()});
      if (!unique)
        return;
      if (StringAttr kept = same.lookup(unique))
        unique = kept;
      launch.setKernelAttr(
          SymbolRefAttr::get(mergedName, {FlatSymbolRefAttr::get(unique)}));
    });
    // The modules something still names, from one walk of the module (a
    // walk per module cost a minute for a thousand kernels).
    DenseSet<StringAttr> referenced;
    std::optional<SymbolTable::UseRange> uses =
        SymbolTable::getSymbolUses(&module.getBodyRegion());
    if (uses)
      for (const SymbolTable::SymbolUse &use : *uses)
        referenced.insert(use.getSymbolRef().getRootReference());
    for (gpu::GPUModuleOp kernel : kernels) {
      if (!uses || referenced.contains(kernel.getNameAttr())) {
        kernel.emitError("still referenced after its kernels moved to @")
            << mergedName.getValue();
        return signalPassFailure();
      }
      kernel.erase();
    }
  }
};
} // namespace
