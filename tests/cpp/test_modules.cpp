// ModuleHolder and EMBER_MODULE (nn/holder.hpp), the containers (nn/containers.hpp) and
// named_modules: what a libtorch user writes to build a model.
#include <sstream>

#include "ember_test.hpp"

using namespace ember;

namespace {
// A user module in libtorch's style: its forward takes its argument by value (not an override of
// Module::forward) and a second forward takes two inputs.
struct TwoLayerImpl : nn::Module {
  TwoLayerImpl(long in, long hidden, long out) : Module("TwoLayer") {
    fc1 = register_module("fc1", nn::Linear(in, hidden));
    fc2 = register_module("fc2", nn::Linear(hidden, out));
  }
  Tensor forward(Tensor x) { return fc2(fc1(x).relu()); }
  Tensor forward(const Tensor &x, const Tensor &y) { return forward(x) + forward(y); }
  nn::Linear fc1{nullptr}, fc2{nullptr};
};
EMBER_MODULE(TwoLayer);

struct CounterImpl : nn::Module {
  CounterImpl() : Module("Counter") {}
  Tensor forward(const Tensor &x) override { return x + 1; }
};
EMBER_MODULE(Counter);
}  // namespace

static void test_holder_builds_and_shares(void **) {
  manual_seed(1);
  TwoLayer net(3, 4, 2);
  TwoLayer same = net;  // a copy shares the module
  assert_true(same.get() == net.get());
  assert_int_equal(net->parameters().size(), 4);
  Tensor x = randn({5, 3});
  assert_true(net(x).equal(net->forward(x)));
  assert_true(net(x).equal(same(x)));
  assert_true(net(x, x).equal(net(x) * 2));  // the two-input forward
  assert_true(net->fc1.ptr() == net->named_children()[0].second);
  Counter counter;  // default-constructible Impl: the holder builds one
  assert_values(counter(zeros({2})), {1, 1});
  std::ostringstream os;
  os << net;
  assert_true(os.str().find("(fc1): Linear(in_features=3, out_features=4, bias=true)") != std::string::npos);
}

static void test_holder_empty_and_hooks(void **) {
  nn::Linear unset{nullptr};
  assert_true(unset.is_empty());
  assert_throws(unset(zeros({1, 2})), "the holder is empty");
  assert_throws(unset->weight, "the holder is empty");
  unset = nn::Linear(2, 3);
  assert_false(unset.is_empty());
  assert_int_equal(unset(zeros({4, 2})).size(1), 3);
  // a call through the holder runs the forward hooks, as Module::operator() does
  int calls = 0;
  unset->register_forward_hook([&](nn::Module &m, const Tensor &in, const Tensor &out) {
    calls++;
    assert_string_equal(m.type_name().c_str(), "Linear");
    assert_int_equal(in.size(1), 2);
    assert_int_equal(out.size(1), 3);
  });
  unset(zeros({1, 2}));
  (*unset)(zeros({1, 2}));
  assert_int_equal(calls, 2);
}

static void test_module_list(void **) {
  nn::ModuleList list(nn::Linear(2, 3), std::make_shared<nn::ReLUImpl>());
  list->push_back(nn::Linear(3, 1));
  assert_int_equal(list->size(), 3);
  assert_int_equal(list->parameters().size(), 4);
  auto names = list->named_parameters();
  assert_string_equal(names[2].first.c_str(), "2.weight");
  Tensor x = ones({2, 2});
  for (const auto &m : *list) x = (*m)(x);
  assert_int_equal(x.size(1), 1);
  assert_int_equal(list->ptr<nn::LinearImpl>(2)->in_features, 3);
  assert_throws(list->ptr<nn::LinearImpl>(1), "module 1 is a ReLU, not the type asked for");
  assert_throws(list[3], "ModuleList: index 3 out of range (it holds 3 modules)");
  assert_throws(list(x), "ModuleList has no single-input forward");
  // Sequential is a ModuleList with a forward
  nn::Sequential seq(nn::Linear(2, 3), nn::ReLU(), nn::Linear(3, 1));
  assert_int_equal(seq->size(), 3);
  assert_int_equal(seq(ones({4, 2})).size(0), 4);
  assert_string_equal(seq[1]->type_name().c_str(), "ReLU");
}

static void test_module_dict(void **) {
  nn::ModuleDict dict;
  dict->insert("encoder", nn::Linear(4, 2));
  dict->insert("act", nn::Tanh());
  dict->insert("decoder", std::make_shared<nn::LinearImpl>(2, 4));
  assert_int_equal(dict->size(), 3);
  std::vector<std::string> keys = dict->keys();
  assert_string_equal((keys[0] + keys[1] + keys[2]).c_str(), "encoderactdecoder");
  assert_true(dict->contains("act"));
  assert_false(dict->contains("missing"));
  Tensor x = randn({3, 4});
  Tensor y = (*dict["decoder"])((*dict["act"])((*dict["encoder"])(x)));
  assert_int_equal(y.size(1), 4);
  assert_int_equal(dict->ptr<nn::LinearImpl>("encoder")->out_features, 2);
  assert_throws(dict["missing"], "ModuleDict: no module under the key \"missing\"");
  assert_throws(dict->insert("act", nn::ReLU()), "the name is already taken");
  assert_throws(dict->insert("a.b", nn::ReLU()), "contain no '.'");
  assert_throws(dict->ptr<nn::LinearImpl>("act"), "module \"act\" is a Tanh");
  assert_string_equal(dict->state_dict()[0].first.c_str(), "encoder.weight");
  nn::ModuleDict built(std::vector<std::pair<std::string, std::shared_ptr<nn::Module>>>{
      {"a", nn::ReLU().ptr()}, {"b", nn::Linear(1, 1).ptr()}});
  assert_int_equal(built->values().size(), 2);
  assert_string_equal(built->items()[1].first.c_str(), "b");
}

static void test_named_modules(void **) {
  TwoLayer net(3, 4, 2);
  nn::Sequential outer(net, nn::ModuleList(nn::ReLU(), nn::Linear(2, 2)));
  auto all = outer->named_modules();
  std::string joined;
  for (auto &[name, m] : all) joined += "[" + name + "]" + m->type_name() + " ";
  assert_string_equal(joined.c_str(),
                      "[]Sequential [0]TwoLayer [0.fc1]Linear [0.fc2]Linear [1]ModuleList [1.0]ReLU [1.1]Linear ");
  assert_true(all[1].second == net.ptr());
  auto below = outer->named_modules("model", /*include_self=*/false);
  assert_int_equal(below.size(), 6);
  assert_string_equal(below[0].first.c_str(), "model.0");
  assert_int_equal(outer->modules().size(), 7);
  nn::LinearImpl on_stack(2, 2);  // not held by a shared_ptr: no handle to itself to list
  assert_throws(on_stack.named_modules(), "must be held by a shared_ptr or a ModuleHolder");
  assert_int_equal(on_stack.named_modules("", false).size(), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_holder_builds_and_shares), cmocka_unit_test(test_holder_empty_and_hooks),
      cmocka_unit_test(test_module_list), cmocka_unit_test(test_module_dict), cmocka_unit_test(test_named_modules)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
